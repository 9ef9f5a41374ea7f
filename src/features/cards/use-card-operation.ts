import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnknownOutcome } from '@/api/api-error';
import type { CardOperationResult } from '@/api/schemas/cards';
import { describeApiError } from '@/components/describe-api-error';
import { useToast } from '@/components/toast-provider';
import { cardJournal, type CardOperation } from './journal-store';

interface Variables {
  code: number;
  idempotencyKey: string;
}

/**
 * One card operation (request a virtual card, cancel a card): exactly one request per confirmation.
 * The button is driven by `isPending`, and a synchronous in-flight flag refuses a second call made in
 * the same tick (a double click lands before React re-renders the disabled button). Never retried by
 * itself. Each confirmed operation gets its own idempotency key (sent only when config enables it);
 * after an unknown outcome, sending the same code again reuses that key, so the provider can tell.
 */
export function useCardOperation(
  operation: CardOperation,
  send: (code: number, idempotencyKey: string) => Promise<CardOperationResult>,
) {
  const { t } = useTranslation();
  const notify = useToast();
  const inFlight = useRef(false);
  const unresolved = useRef<Variables | null>(null);

  const mutation = useMutation({
    mutationFn: ({ code, idempotencyKey }: Variables) => send(code, idempotencyKey),
    onSuccess: (result, { code }) => {
      unresolved.current = null;
      cardJournal.add({
        operation,
        input: code,
        outcome: 'success',
        message: result.message,
        providerTimestamp: result.timestamp,
      });
      notify(t(operation === 'cancel' ? 'cards.toastCancel' : 'cards.toastVirtual'));
    },
    onError: (error, variables) => {
      unresolved.current = isUnknownOutcome(error) ? variables : null;
      const { summary, providerMessages } = describeApiError(error, t);
      cardJournal.add({
        operation,
        input: variables.code,
        outcome: 'failure',
        message: providerMessages.length > 0 ? providerMessages.join(' ') : summary,
        providerTimestamp: null,
      });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  /** Sends the operation for `code`, unless one is already under way. Returns whether it was sent. */
  function run(code: number, options: { onSettled?: () => void } = {}): boolean {
    if (inFlight.current) return false;
    inFlight.current = true;
    const idempotencyKey =
      unresolved.current?.code === code ? unresolved.current.idempotencyKey : crypto.randomUUID();
    mutation.mutate({ code, idempotencyKey }, { onSettled: options.onSettled });
    return true;
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
