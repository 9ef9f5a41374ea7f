import { ApiError, type ApiErrorKind } from './api-error';
import { queryRetryDelay, shouldRetryQuery } from './query-retry';

const error = (kind: ApiErrorKind, status: number | null = null, retryAfterSeconds: number | null = null) =>
  new ApiError({ kind, status, retryAfterSeconds, operation: 'GET /x/', sessionGeneration: 1, detail: 'x' });

describe('query retry rule', () => {
  it.each([
    ['network', null, true],
    ['http', 500, true],
    ['http', 502, true],
    ['http', 503, true],
    ['http', 429, true],
    ['http', 400, false],
    ['http', 401, false],
    ['http', 403, false],
    ['http', 404, false],
    ['http', 409, false],
    ['timeout', null, false],
    ['contract', 200, false],
    ['unauthenticated', null, false],
  ] as const)('%s %s: retry=%s', (kind, status, expected) => {
    expect(shouldRetryQuery(0, error(kind, status))).toBe(expected);
  });

  it('retries at most twice', () => {
    const failure = error('http', 500);
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, failure))).toEqual([true, true, false, false]);
  });

  it('does not retry errors that are not ApiErrors', () => {
    expect(shouldRetryQuery(0, new Error('boom'))).toBe(false);
  });

  it('waits as long as Retry-After says, within a cap', () => {
    expect(queryRetryDelay(0, error('http', 429, 3))).toBe(3000);
    expect(queryRetryDelay(0, error('http', 429, 3600))).toBe(30000);
    expect(queryRetryDelay(0, error('http', 500))).toBe(500);
    expect(queryRetryDelay(1, error('http', 500))).toBe(1000);
  });
});
