import { isApiError } from './api-error';
import type { HttpClient } from './http-client';
import { cardOperationResultSchema, type CardOperationResult } from './schemas/cards';
import { endpoints } from './endpoints';

/**
 * POST a virtual card request for an account (section 4.4). Not idempotent: callers never retry it by
 * themselves (mutations have `retry: false`).
 */
export function requestVirtualCard(
  http: HttpClient,
  account: number,
  idempotencyKey?: string,
): Promise<CardOperationResult> {
  return http.request({
    ...endpoints.createVirtualCard.request(),
    schema: cardOperationResultSchema,
    body: { account },
    idempotencyKey,
  });
}

/** POST the cancellation of a card (section 4.5): the same code in the path and in the body. */
export function cancelCard(
  http: HttpClient,
  cardCode: number,
  idempotencyKey?: string,
): Promise<CardOperationResult> {
  return http.request({
    ...endpoints.cancelCard.request(cardCode),
    schema: cardOperationResultSchema,
    body: { cardCode },
    idempotencyKey,
  });
}

/**
 * Whether a refused cancel says the card was already cancelled. The interface shows no message for it
 * (a 400 Error object whose conditions are "not shown"), so it is read by its words, in Portuguese or
 * English: "Cartão 5001 já está cancelado", "card already cancelled". After a cancel whose answer was
 * lost, this answer to the resend confirms the cancellation rather than refusing it.
 */
export function saysAlreadyCancelled(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 400 &&
    error.providerMessages.some((message) => ALREADY_CANCELLED.test(message))
  );
}

const ALREADY_CANCELLED =
  /\bj[áa]\s+(?:est[áa]\s+|foi\s+|se\s+encontra\s+)?cancelad[oa]|\balready\s+(?:been\s+)?cancel+ed\b|\bis\s+cancel+ed\s+already\b/i;

/**
 * The new card's code in a virtual-card answer, when the provider sends it. The interface shows only
 * `message` and `timestamp` ("fields of the card record beyond its code: not shown"), so a member of
 * one of these names holding a whole number is read as it: without it, the card could only be cancelled
 * later by a code the operator gets elsewhere.
 */
export function newCardCodeOf(result: CardOperationResult): number | null {
  for (const name of NEW_CARD_CODE_MEMBERS) {
    const value: unknown = result[name];
    const code = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    if (typeof code === 'number' && Number.isSafeInteger(code) && code > 0) return code;
  }
  return null;
}

const NEW_CARD_CODE_MEMBERS = ['cardCode', 'codigoDoCartao', 'codigoCartao', 'cardId', 'codigo', 'code'];
