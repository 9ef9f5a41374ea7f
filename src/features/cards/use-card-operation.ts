import { useState } from 'react';
import { useTranslation } from './texts';
import type { CardOperationResult } from '@/api/schemas/cards';
import { useConfirmedMutation } from '@/components/use-confirmed-mutation';
import { describeApiError } from '@/components/describe-api-error';
import { useToast } from '@/components/toast-provider';
import { cardJournal, type CardOperation } from './journal-store';

/**
 * One card operation (request a virtual card, cancel a card): exactly one request per confirmation, a
 * fresh idempotency key per confirmed operation, the same key when the same code is sent again after an
 * unknown outcome (`useConfirmedMutation`), behind a confirmation. Each outcome goes to the tab's journal.
 */
export function useCardOperation(
  operation: CardOperation,
  send: (code: number, idempotencyKey: string) => Promise<CardOperationResult>,
  /** A code handed over by another screen: its confirmation opens at once. */
  initialCode: number | null = null,
) {
  const { t } = useTranslation();
  const notify = useToast();
  const { run: runOnce, mutation } = useConfirmedMutation({
    send,
    isRepeat: (previous: number, next: number) => previous === next,
    onSuccess: (result, code) => {
      cardJournal.add({
        operation,
        input: code,
        outcome: 'success',
        message: result.message,
        providerTimestamp: result.timestamp,
      });
      notify(t(operation === 'cancel' ? 'cards.toastCancel' : 'cards.toastVirtual'));
    },
    onError: (error, code) => {
      const { summary, providerMessages } = describeApiError(error, t);
      cardJournal.add({
        operation,
        input: code,
        outcome: 'failure',
        message: providerMessages.length > 0 ? providerMessages.join(' ') : summary,
        providerTimestamp: null,
      });
    },
  });

  // The confirmation: the code being confirmed (kept while the dialog fades out, so that its text does
  // not vanish), whether the dialog is open, and whether the answer is in (focus then goes to it).
  const [confirming, setConfirming] = useState<number | null>(initialCode);
  const [open, setOpen] = useState(initialCode !== null);
  const [answered, setAnswered] = useState(false);

  /** Opens the confirmation for `code`. */
  const ask = (code: number) => {
    setAnswered(false);
    setConfirming(code);
    setOpen(true);
  };

  /** The confirm button (ConfirmDialog calls it once per opening): one request, then the dialog closes. */
  const confirm = () => {
    if (confirming === null) return;
    runOnce(confirming, {
      onSettled: () => {
        setAnswered(true);
        setOpen(false);
      },
    });
  };

  const close = () => {
    if (mutation.isPending) return;
    setAnswered(false);
    setOpen(false);
  };

  return { mutation, confirming, open, answered, ask, confirm, close };
}

/** A code typed by the operator: a positive whole number of digits only, or null. */
export function parseCode(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
