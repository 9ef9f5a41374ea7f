import type { ComponentProps } from 'react';
import { useCardsTranslation } from './texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LiveRegion } from '@/components/live-region';
import type { CardOperation } from './journal-store';
import { OperationOutcome, type RefusalField } from './operation-result';
import type { CardOperationControls } from './use-card-operation';

interface CardOperationFeedbackProps {
  operation: CardOperation;
  controls: CardOperationControls;
  errorTitle: string;
  /** The section's fields a provider refusal may name (see OperationOutcome). */
  fields: Readonly<Record<string, RefusalField>>;
}

/**
 * What a card section shows of its operation below the form: "sending" announced while the dialog is
 * closed (a resend has no dialog), and the one outcome box, with "send again" after an unknown outcome.
 */
export function CardOperationFeedback({
  operation,
  controls,
  errorTitle,
  fields,
}: CardOperationFeedbackProps) {
  const { t } = useCardsTranslation();
  const { state, open, resent, resend, resultRef, outcomeShown } = controls;
  return (
    <>
      <LiveRegion visible={!open} message={state.pending ? t('cards.sending') : null} />
      <OperationOutcome
        operation={operation}
        outcome={outcomeShown ? state.outcome : null}
        code={state.variables}
        repeat={state.repeat}
        errorTitle={errorTitle}
        focusRef={resultRef}
        autoFocus={resent}
        fields={fields}
        onResend={() => resend(state.version)}
      />
    </>
  );
}

type CardOperationDialogProps = { controls: CardOperationControls } & Pick<
  ComponentProps<typeof ConfirmDialog>,
  'title' | 'description' | 'children' | 'confirmLabel' | 'canConfirm' | 'danger' | 'focusConfirm'
>;

/**
 * The confirmation of a card operation: busy while the request is under way, confirmed once per opening
 * (the version the dialog was drawn at goes with the click), and focus back to the answer when there is
 * one, else to the button that opened it.
 */
export function CardOperationDialog({ controls, ...dialog }: CardOperationDialogProps) {
  const { t } = useCardsTranslation();
  const { state, open, answered, confirm, close, resultRef, triggerRef } = controls;
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      busyLabel={t('cards.sending')}
      cancelLabel={t('cards.back')}
      busy={state.pending}
      onConfirm={() => confirm(state.version)}
      onClose={close}
      returnFocusTo={() => (answered ? resultRef.current : triggerRef.current)}
    />
  );
}
