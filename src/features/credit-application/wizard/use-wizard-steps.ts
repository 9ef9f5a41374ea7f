import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { get, useFormContext } from 'react-hook-form';
import { usePrint } from '@/components/print';
import { useNavigateWithHandOff } from '@/hooks/use-hand-off';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { paths } from '@/config/paths';
import type { SentReceipt } from '../review/application-print-view';
import type { SentApplication } from '../review/use-review-submit';
import { trackingCodeOf } from '../outcome/submit-outcome';
import { hasUnsentData } from './use-application-draft';
import { useHasProblems } from './use-form-errors';
import { useStepNavigation } from './use-step-navigation';
import { useWizardShortcuts } from './wizard-shortcuts';
import {
  FIRST_SLUG,
  REVIEW_SLUG,
  firstStepWithProblems,
  stepIndexOf,
  type ApplicationInput,
  type Wizard,
} from './wizard';

interface WizardDraft {
  /** Opened past step 1 with no draft in memory: say it is gone, and start over at step 1. */
  lost: boolean;
  forget: () => void;
  startFrom: (values: ApplicationInput) => void;
}

/**
 * The wizard's state inside the form: the step shown and how far the operator got, a lost draft's
 * notice, the sent application and what follows it, the leave question and the printed summary.
 * Nothing here reads the form's state as a whole: a key stroke re-renders its field, not the step
 * (decision 013); only the step's problems, through `useHasProblems`.
 */
export function useWizardSteps(wizard: Wizard, { lost, forget, startFrom }: WizardDraft) {
  const navigateWithHandOff = useNavigateWithHandOff();
  const { getValues } = useFormContext<ApplicationInput>();
  // Untyped: the step's paths are read from its schema at run time.
  const { trigger } = useFormContext();
  const { navigation: nav, summaryRef, headingRef } = useStepNavigation(wizard);
  const { step, stepIndex } = nav;
  const rootRef = useRef<HTMLDivElement>(null);
  useWizardShortcuts(rootRef);
  // The furthest step reached (the step list links every step up to it): on arrival, the first step
  // with problems in what the form holds (a restored draft goes on where it stopped).
  const [furthest, setFurthest] = useState(() => firstStepWithProblems(wizard, getValues()));
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
  // Once sent, the draft is gone and the success screen stays until "Nova proposta" or a confirmed
  // "another application for this CPF": nothing on it can send the same application again.
  const [sent, setSent] = useState<SentApplication | null>(null);
  const [askingAnother, setAskingAnother] = useState(false);
  const anotherRef = useRef<HTMLButtonElement>(null);
  // On paper, the summary of what is on screen: the draft, or once sent, the values sent (src/components/print.tsx).
  const { printing, print } = usePrint();
  const blocker = useLeaveGuard(
    paths.newApplication,
    () => sent === null && hasUnsentData(getValues(), wizard),
  );

  const stepPaths = useMemo(() => step.fields.map((field) => field.path), [step]);
  // Whether the step shows problems (the title says "Erro:"); the list itself is StepSummary's.
  const hasProblems = useHasProblems(stepPaths, nav.showsSummary);

  return {
    // Apart from the state below, so that reading the state during render reads no ref.
    rootRef,
    summaryRef,
    headingRef,
    anotherRef,
    steps: {
      nav,
      stepPaths,
      hasProblems,
      redirecting,
      furthest: redirecting ? 0 : furthest,
      lostNoticeShown: lostNotice === 'show',
      /** A step picked in the step list: back at once, forward once the step shown passes its checks. */
      goToStep: (slug: string, event: MouseEvent) => {
        if (stepIndexOf(slug) < stepIndex || step.key === 'review') nav.goTo(slug);
        else void nav.onContinue(event, (paths) => trigger(paths), slug);
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
        if (sent) startFrom(sent.values);
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
          read: (path: string): unknown => get(sent ? sent.values : getValues(), path),
          receipt: sent
            ? ({ sentAt: sent.sentAt, trackingCode: trackingCodeOf(sent.response) } satisfies SentReceipt)
            : null,
        }
      : null,
  };
}

/** The wizard's state, as its views read it. */
export type WizardStepsState = ReturnType<typeof useWizardSteps>;
