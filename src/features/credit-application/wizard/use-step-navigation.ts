import { useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { focusField } from './field-focus';
import { fieldId } from './field-labels';
import { REVIEW_SLUG, stepIndexOf, type Wizard } from './wizard';

/** Router state of a link into a step: come back to the review after it, focus a field on arrival. */
function readState(state: unknown): { returnToReview: boolean; focus: string | null } {
  if (typeof state !== 'object' || state === null) return { returnToReview: false, focus: null };
  return {
    returnToReview: 'returnTo' in state && state.returnTo === REVIEW_SLUG,
    focus: 'focus' in state && typeof state.focus === 'string' ? state.focus : null,
  };
}

/**
 * Which step is shown (from the URL), moving between steps, and focus: a new step's heading takes focus
 * (screen readers and the keyboard start there), a failed "Continuar" focuses the error summary, a link
 * from the provider's refusal focuses its field.
 */
export function useStepNavigation(wizard: Wizard) {
  const navigate = useNavigate();
  const location = useLocation();
  const { etapa } = useParams();
  const stepIndex = Math.max(0, stepIndexOf(etapa));
  const step = wizard.steps[stepIndex] ?? wizard.steps[0];
  if (!step) throw new Error('The wizard has no steps.');
  const { returnToReview, focus } = readState(location.state);
  const previous = stepIndex > 0 ? wizard.steps[stepIndex - 1] : undefined;

  // The step whose "Continuar" failed: its summary shows until the operator moves to another step.
  const [summaryFor, setSummaryFor] = useState<string | null>(null);
  const [summaryTick, setSummaryTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Layout effects: focus moves in the same commit that shows the summary or the step, before anything
  // (a screen reader, a test) looks.
  useLayoutEffect(() => {
    if (summaryTick > 0) summaryRef.current?.focus();
  }, [summaryTick]);

  const firstRender = useRef(true);
  useLayoutEffect(() => {
    const target = focus ? document.getElementById(fieldId(focus)) : null;
    if (target) focusField(target);
    else if (!firstRender.current) headingRef.current?.focus();
    firstRender.current = false;
  }, [stepIndex, focus]);

  const goTo = (slug: string, state?: unknown, replace = false) => {
    setSummaryFor(null);
    void navigate(applicationStepPath(slug), { state, replace });
  };

  /**
   * "Continuar": validates this step's fields (and only these), then moves on (to `target`, a later
   * step picked in the step list, if given) or shows the summary.
   */
  const onContinue = async (
    event: SyntheticEvent,
    validate: (paths: string[]) => Promise<boolean>,
    target?: string,
  ) => {
    event.preventDefault();
    const valid = await validate(step.fields.map((field) => field.path));
    if (!valid) {
      setSummaryFor(step.slug);
      setSummaryTick((tick) => tick + 1);
      return;
    }
    const next = target ?? (returnToReview ? REVIEW_SLUG : wizard.steps[stepIndex + 1]?.slug);
    if (next) goTo(next);
  };

  return {
    // Apart from the refs, so that reading the navigation during render reads no ref.
    summaryRef,
    headingRef,
    navigation: {
      step,
      stepIndex,
      previous,
      returnToReview,
      goTo,
      onContinue,
      showsSummary: summaryFor === step.slug && step.key !== 'review',
    },
  };
}
