import { useTranslation } from './texts';
import type { CardOperationResult } from '@/api/schemas/cards';
import { useConfirmedMutation } from '@/api/use-confirmed-mutation';
import { describeApiError } from '@/components/describe-api-error';
import { useToast } from '@/components/toast-provider';
import { cardJournal, type CardOperation } from './journal-store';

/**
 * One card operation (request a virtual card, cancel a card): exactly one request per confirmation, a
 * fresh idempotency key per confirmed operation, the same key when the same code is sent again after an
 * unknown outcome (`useConfirmedMutation`). Each outcome goes to the tab's journal.
 */
export function useCardOperation(
  operation: CardOperation,
  send: (code: number, idempotencyKey: string) => Promise<CardOperationResult>,
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

  /** Sends the operation for `code`, unless one is already under way. Returns whether it was sent. */
  function run(code: number, options: { onSettled?: () => void } = {}): boolean {
    return runOnce(code, { onSettled: options.onSettled });
  }

  return { run, mutation };
}

/** A code typed by the operator: a positive whole number of digits only, or null. */
export function parseCode(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
