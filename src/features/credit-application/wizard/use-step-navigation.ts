import { useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { focusField } from '../fields/row-list';
import { REVIEW_SLUG, stepIndexOf, stepOrder } from '../schema';

/** The id of the step's form, where focus looks for the first field to fill. */
export const STEP_FORM_ID = 'etapa-formulario';

/** Router state of a link into a step: come back to the review after it, focus a field on arrival. */
function readState(state: unknown): { returnToReview: boolean; focus: string | null } {
  if (typeof state !== 'object' || state === null) return { returnToReview: false, focus: null };
  return {
    returnToReview: 'returnTo' in state && state.returnTo === REVIEW_SLUG,
    focus: 'focus' in state && typeof state.focus === 'string' ? state.focus : null,
  };
}

/**
 * Where the operator goes on: the step's first field still empty, or with nothing left to fill its
 * "Continuar", which Enter presses (none, on the review: the step's heading).
 */
function firstToFill(): HTMLElement | null {
  const form = document.getElementById(STEP_FORM_ID);
  const inputs = form
    ? [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')]
    : [];
  const empty = inputs.find((input) => input.type !== 'radio' && !input.disabled && input.value === '');
  return empty ?? form?.querySelector<HTMLElement>('button[type="submit"]') ?? null;
}

/**
 * Which step is shown (from the URL), moving between steps, and focus: a new step's first empty field
 * takes focus (no Tab to get there; the form is named by the step's title), or its "Continuar" when all
 * are filled; a failed "Continuar" focuses the error summary; a link from a refusal focuses its field.
 */
export function useStepNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const { etapa } = useParams();
  const stepIndex = Math.max(0, stepIndexOf(etapa));
  const step = stepOrder[stepIndex] ?? stepOrder[0];
  const { returnToReview, focus } = readState(location.state);
  const previous = stepIndex > 0 ? stepOrder[stepIndex - 1] : undefined;

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
  useLayoutEffect(() => {
    if (focus) focusField(focus);
    else (firstToFill() ?? headingRef.current)?.focus();
  }, [stepIndex, focus]);

  const goTo = (slug: string, state?: unknown, replace = false) => {
    setSummaryFor(null);
    void navigate(applicationStepPath(slug), { state, replace });
  };

  /**
   * "Continuar": validates this step (the resolver parses the step shown), then moves on (to `target`, a
   * later step picked in the step list, if given) or shows the summary.
   */
  const onContinue = async (event: SyntheticEvent, validate: () => Promise<boolean>, target?: string) => {
    event.preventDefault();
    if (!(await validate())) {
      setSummaryFor(step.slug);
      setSummaryTick((tick) => tick + 1);
      return;
    }
    const next = target ?? (returnToReview ? REVIEW_SLUG : stepOrder[stepIndex + 1]?.slug);
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
