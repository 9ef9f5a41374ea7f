import { isApiError } from './api-error';

/** Most automatic retries of a failed query (so three tries in all). */
export const MAX_QUERY_RETRIES = 2;

/** Whether a failure is worth trying again by itself: network errors, 5xx and 429, never a 4xx. */
export function isRetryableQueryError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network') return true;
  if (error.kind !== 'http' || error.status === null) return false;
  return error.status >= 500 || error.status === 429;
}

/** React Query `retry` for queries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryableQueryError(error);
}

/** React Query `retryDelay`: honours Retry-After (capped), else 0.5 s then 1 s. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== null)
    return Math.min(error.retryAfterSeconds, 30) * 1000;
  return 500 * 2 ** failureCount;
}
