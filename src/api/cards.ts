import { apiClient } from './api-client';
import { cardOperationResultSchema, type CardOperationResult } from './schemas/cards';
import { endpoints } from './schemas/endpoints';

/**
 * POST a virtual card request for an account (section 4.4). Not idempotent: callers never retry it by
 * themselves (mutations have `retry: false`).
 */
export function requestVirtualCard(account: number, idempotencyKey?: string): Promise<CardOperationResult> {
  return apiClient().request({
    ...endpoints.createVirtualCard.request(),
    schema: cardOperationResultSchema,
    body: { account },
    idempotencyKey,
  });
}

/** POST the cancellation of a card (section 4.5): the same code in the path and in the body. */
export function cancelCard(cardCode: number, idempotencyKey?: string): Promise<CardOperationResult> {
  return apiClient().request({
    ...endpoints.cancelCard.request(cardCode),
    schema: cardOperationResultSchema,
    body: { cardCode },
    idempotencyKey,
  });
}
