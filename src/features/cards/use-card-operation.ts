import { useRef, useState } from 'react';
import { useCardsTranslation } from './texts';
import { newCardCodeOf, saysAlreadyCancelled } from '@/api/cards';
import type { HttpClient } from '@/api/http-client';
import type { CardOperationResult } from '@/api/schemas/cards';
import { useConfirmedMutation } from '@/hooks/use-confirmed-mutation';
import { describeApiError } from '@/api/describe-api-error';
import { useServices } from '@/hooks/services-context';
import { cardJournal, type CardOperation } from './journal-store';

/**
 * One card operation (request a virtual card, cancel a card) behind a confirmation: each opening of the
 * confirmation is a new operation (`useConfirmedMutation`, the state machine of
 * src/lib/confirmed-operation.ts), confirmed once, with a fresh idempotency key, or the same key when the
 * same code is sent again after an unknown outcome. A cancel whose resend is answered "already
 * cancelled" is confirmed, not refused. Each outcome goes to the tab's journal.
 */
export function useCardOperation(
  operation: CardOperation,
  /** The request, through the app's HTTP client (`requestVirtualCard`, `cancelCard`). */
  send: (http: HttpClient, code: number, idempotencyKey: string) => Promise<CardOperationResult>,
  /** A code handed over by another screen: its confirmation opens at once. */
  initialCode: number | null = null,
  /** After the provider did it (or confirmed a lost answer did): e.g. empty the code just cancelled. */
  onDone?: () => void,
) {
  const { t } = useCardsTranslation();
  const { http } = useServices();
  // The confirmation: the code being confirmed (kept while the dialog fades out, so that its text does
  // not vanish), whether the dialog is open, and whether the answer is in (focus then goes to it).
  const [confirming, setConfirming] = useState<number | null>(initialCode);
  const [open, setOpen] = useState(initialCode !== null);
  const [answered, setAnswered] = useState(false);
  // The last send came from the outcome's "send again", not from the dialog: its answer takes focus.
  const [resent, setResent] = useState(false);
  // The outcome the operator has moved on from (another code typed, a field refused), by the version
  // of the operation that showed it: the journal keeps it, the section stops showing it.
  const [dismissed, setDismissed] = useState<number | null>(null);
  // Where focus goes back to once the dialog closes: the answer, or the button that opened the dialog.
  const resultRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const settle = () => {
    setAnswered(true);
    setOpen(false);
  };

  const state = useConfirmedMutation({
    send: (code: number, idempotencyKey: string) => send(http, code, idempotencyKey),
    isRepeat: (previous: number, next: number) => previous === next,
    alreadyDone: operation === 'cancel' ? saysAlreadyCancelled : undefined,
    onSuccess: (result, code) => {
      cardJournal.add({
        operation,
        input: code,
        outcome: 'success',
        message:
          operation === 'virtualCard' && newCardCodeOf(result) !== null
            ? t('cards.journal.withNewCard', { message: result.message, code: newCardCodeOf(result) ?? '' })
            : result.message,
        providerTimestamp: result.timestamp,
      });
      settle();
      onDone?.();
    },
    onConfirmed: (error, code) => {
      const { summary, providerMessages } = describeApiError(error, t);
      cardJournal.add({
        operation,
        input: code,
        outcome: 'success',
        message: t('cards.confirmedJournal', {
          message: providerMessages.length > 0 ? providerMessages.join(' ') : summary,
        }),
        providerTimestamp: null,
      });
      settle();
      onDone?.();
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
      settle();
    },
  });

  /** Opens the confirmation for `code`: a new operation (refused while one is under way). */
  const ask = (code: number) => {
    if (!state.begin()) return;
    setAnswered(false);
    setResent(false);
    setConfirming(code);
    setOpen(true);
  };

  /**
   * The confirm button, pressed having seen the operation at `seen` (the dialog's render): one request,
   * then the dialog closes on the answer.
   */
  const confirm = (seen: number) => {
    if (confirming !== null) state.send(confirming, { seen });
  };

  /** The outcome's "send again" after an unknown outcome: the same code, the same key, no new dialog. */
  const resend = (seen: number) => {
    if (state.variables === null) return;
    if (state.send(state.variables, { seen })) {
      setAnswered(false);
      setResent(true);
    }
  };

  const close = () => {
    if (state.pending) return;
    setAnswered(false);
    setOpen(false);
  };

  return {
    state,
    confirming,
    open,
    answered,
    resent,
    ask,
    confirm,
    resend,
    close,
    resultRef,
    triggerRef,
    /** Whether the last outcome is still on screen (the operator has not moved on from it). */
    outcomeShown: dismissed !== state.version,
    /** The operator moved on (typed another code, a field was refused): the outcome leaves the screen. */
    dismissOutcome: () => setDismissed(state.version),
  };
}

/** A card section's handle on its operation (useCardOperation's result). */
export type CardOperationControls = ReturnType<typeof useCardOperation>;

/** A code typed by the operator: a positive whole number of digits only, or null. */
export function parseCode(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
