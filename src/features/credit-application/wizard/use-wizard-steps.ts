import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { usePrint } from '@/components/print';
import { paths } from '@/config/paths';
import { useNavigateWithHandOff } from '@/hooks/use-hand-off';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { trackingCodeOf } from '../outcome/submit-outcome';
import type { SentReceipt } from '../review/application-print-view';
import type { SentApplication } from '../review/use-review-submit';
import {
  FIRST_SLUG,
  REVIEW_SLUG,
  blankApplication,
  stepIndexOf,
  stepOfPath,
  stepOrder,
  type ApplicationInput,
  type Schemas,
} from '../schema';
import { type RuleContext } from '../rules';
import { problemsOf } from '../fields/form-fields';
import { draftStore } from './draft-store';
import { useStepNavigation } from './use-step-navigation';
import { useWizardShortcuts } from './wizard-shortcuts';

/** The index of the first step whose fields have problems in `values` (the review's, when none has). */
function firstStepWithProblems(schemas: Schemas, values: ApplicationInput): number {
  const parsed = schemas.application.safeParse(values);
  const last = stepOrder.length - 1;
  if (parsed.success) return last;
  const indices = parsed.error.issues.map((issue) => {
    const step = stepOfPath(schemas, issue.path.join('.'));
    return step ? stepOrder.indexOf(step) : last;
  });
  return Math.min(last, ...indices);
}

/**
 * The wizard's state inside the form: the step shown and how far the operator got, a lost draft's
 * notice, the step's problems, the sent application and what follows it, the leave question and the
 * printed summary.
 */
export function useWizardSteps(schemas: Schemas, rules: RuleContext, lost: boolean) {
  const navigateWithHandOff = useNavigateWithHandOff();
  const { getValues, trigger } = useFormContext<ApplicationInput>();
  const { navigation: nav, summaryRef, headingRef } = useStepNavigation();
  const { step, stepIndex } = nav;
  const rootRef = useRef<HTMLDivElement>(null);
  useWizardShortcuts(rootRef);
  // The furthest step reached (the step list links every step up to it): on arrival, the first step
  // with problems in what the form holds (a restored draft goes on where it stopped).
  const [furthest, setFurthest] = useState(() => firstStepWithProblems(schemas, getValues()));
  // A lost draft: on its way to step 1 (nothing of the asked step is drawn), then said at step 1 until the
  // operator moves on.
  const [lostNotice, setLostNotice] = useState<'redirect' | 'show' | 'done'>(lost ? 'redirect' : 'done');
  if (lostNotice === 'redirect' && stepIndex === 0) setLostNotice('show');
  if (lostNotice === 'show' && stepIndex > 0) setLostNotice('done');
  const redirecting = lostNotice === 'redirect';
  if (!redirecting && stepIndex > furthest) setFurthest(stepIndex);
  const redirected = useRef(false);
  useLayoutEffect(() => {
    if (!redirecting || redirected.current) return;
    redirected.current = true;
    // Replaced: Back does not lead to the empty step again.
    nav.goTo(FIRST_SLUG, undefined, true);
  }, [redirecting, nav]);
  // Once sent, the draft is forgotten and the success screen stays until "Nova proposta" or a confirmed
  // "another application for this CPF": nothing on it can send the same application again.
  const [sent, setSent] = useState<SentApplication | null>(null);
  const [askingAnother, setAskingAnother] = useState(false);
  const anotherRef = useRef<HTMLButtonElement>(null);
  // On paper, the summary of what is on screen: the draft, or once sent, the values sent.
  const { printing, print } = usePrint();
  const blocker = useLeaveGuard(paths.newApplication, () => sent === null && draftStore.holdsTypedData());
  // The step's problems, once its "Continuar" failed (the resolver checks the step shown only).
  const { errors } = useFormState<ApplicationInput>();
  const problems = nav.showsSummary
    ? problemsOf(errors).filter((problem) => stepOfPath(schemas, problem.path)?.key === step.key)
    : [];
  const forget = () => draftStore.restart(blankApplication(rules));

  return {
    // Apart from the state below, so that reading the state during render reads no ref.
    rootRef,
    summaryRef,
    headingRef,
    anotherRef,
    steps: {
      nav,
      problems,
      hasProblems: problems.length > 0,
      redirecting,
      furthest: redirecting ? 0 : furthest,
      lostNoticeShown: lostNotice === 'show',
      /** A step picked in the step list: back at once, forward once the step shown passes its checks. */
      goToStep: (slug: string, event: MouseEvent) => {
        if (stepIndexOf(slug) < stepIndex || step.key === 'review') nav.goTo(slug);
        else void nav.onContinue(event, () => trigger(), slug);
      },
      onSent: (application: SentApplication) => {
        forget();
        setSent(application);
      },
      print,
    },
    sent:
      sent === null
        ? null
        : {
            application: sent,
            goToStatus: () => navigateWithHandOff('analysisStatus', { cpf: sent.cpf }),
            startNew: () => {
              setSent(null);
              setFurthest(0);
              nav.goTo(FIRST_SLUG);
            },
            askAnother: () => setAskingAnother(true),
            print,
          },
    another: {
      open: askingAnother,
      // A new draft (its own idempotency key) from the values sent, back at the review: nothing is sent
      // until the operator sends it there.
      confirm: () => {
        if (sent) draftStore.restart(sent.values);
        setAskingAnother(false);
        setSent(null);
        nav.goTo(REVIEW_SLUG);
      },
      cancel: () => setAskingAnother(false),
    },
    leave: {
      open: blocker.state === 'blocked',
      stay: () => blocker.reset?.(),
      leave: () => blocker.proceed?.(),
      discard: () => {
        forget();
        blocker.proceed?.();
      },
    },
    paper: printing
      ? {
          values: sent ? sent.values : getValues(),
          receipt: sent
            ? ({ sentAt: sent.sentAt, trackingCode: trackingCodeOf(sent.response) } satisfies SentReceipt)
            : null,
        }
      : null,
  };
}

/** The wizard's state, as its views read it. */
export type WizardStepsState = ReturnType<typeof useWizardSteps>;
