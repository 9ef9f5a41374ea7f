import type { LenientErrorObject } from './schemas/error-object';

/**
 * How a call failed:
 * - `network`: no answer (offline, connection refused or dropped);
 * - `timeout`: no answer within the configured time-out;
 * - `http`: the provider answered with a non-2xx status (its Error object in `errorObject` when it sent one);
 * - `contract`: a 2xx whose body is not what the interface describes (broken JSON, missing or mistyped field);
 * - `unauthenticated`: no token to send, so nothing was sent;
 * - `refused`: the request's URL would leave the configured base's origin, so nothing was sent (a
 *   configuration fault: the bearer token only ever goes to the provider's origin).
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'contract' | 'unauthenticated' | 'refused';

/**
 * A likely cause of a network failure, named when the client has seen enough to suspect it:
 * - `idempotency-key-header`: the request carried `Idempotency-Key`, and requests to the same base URL
 *   without it have been answered while none with it has. A provider whose CORS does not allow the header
 *   makes the browser refuse the request before sending it, which the page cannot tell from a connection
 *   dropped after sending (the same TypeError): the outcome stays unknown, and the message names both.
 */
export type NetworkHint = 'idempotency-key-header';

interface ApiErrorInit {
  kind: ApiErrorKind;
  /** e.g. "GET /v1/cards/request/{document}/": the path template, never a path holding personal data. */
  operation: string;
  status?: number | null;
  errorObject?: LenientErrorObject | null;
  /** For `contract`: the path of the offending field, e.g. "conteudo.produtos.0.nome". */
  field?: string | null;
  retryAfterSeconds?: number | null;
  /** For `network`: a cause the client can name (see `ApiError.networkHint`). */
  networkHint?: NetworkHint | null;
  /** The session generation the request was sent under (see session.ts). */
  sessionGeneration: number;
  detail: string;
}

/** The one error type every provider call throws. Its message holds no token and no personal data. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number | null;
  readonly errorObject: LenientErrorObject | null;
  readonly field: string | null;
  readonly retryAfterSeconds: number | null;
  readonly networkHint: NetworkHint | null;
  readonly sessionGeneration: number;

  constructor(init: ApiErrorInit) {
    super(`${init.operation}: ${init.detail}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status ?? null;
    this.errorObject = init.errorObject ?? null;
    this.field = init.field ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.networkHint = init.networkHint ?? null;
    this.sessionGeneration = init.sessionGeneration;
  }

  /** The provider's own messages (an Error object's `message`, one or several), if it sent any. */
  get providerMessages(): string[] {
    const message = this.errorObject?.message;
    if (message === undefined) return [];
    return (Array.isArray(message) ? message : [message]).filter((text) => text.trim() !== '');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.kind === 'unauthenticated');
}

/**
 * For a request that creates or cancels something: did the provider possibly act on it although we have
 * no answer we can trust? A dropped connection, a time-out, a 2xx whose body we could not read, or a 502
 * or 504: what a gateway or load balancer in front of the provider answers when the provider's own
 * answer did not come through, which may be after the provider acted.
 */
export function isUnknownOutcome(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'http') return error.status === 502 || error.status === 504;
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'contract';
}

/**
 * Every query's and mutation's error is an ApiError (the one fetch client throws nothing else), typed so
 * once for the whole app (TanStack Query's `Register`): screens read `error.status`, `error.kind`, without
 * a guard each.
 */
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}
