import type * as z from 'zod/mini';
import { ApiError } from './api-error';
import {
  describeContractIssue,
  isHtml,
  readBody,
  type BodyDecoder,
  type BodyRead,
  type DecodedBody,
} from './http-body';
import type { ApiBase } from './endpoints';
import { lenientErrorObjectSchema } from './schemas/error-object';
import type { SessionStore } from './session';

export interface HttpClientOptions {
  /** The interface's {base_url} and {accounts_base_url}: absolute, or a path on this origin. */
  baseUrl: string;
  accountsBaseUrl: string;
  timeoutMs: number;
  /** Send `Idempotency-Key` on requests that carry one (config `sendIdempotencyKey`). */
  sendIdempotencyKey: boolean;
  session: SessionStore;
  fetch?: typeof fetch;
  /** Told of every failed call (not of a caller's cancel): what an operational report may carry. */
  onFailure?: (failure: ApiFailure) => void;
}

/**
 * A failed call as the operations team may see it: the path template (never a path holding a CPF), the
 * status and how long it took. Never a body, a header or the token.
 */
export interface ApiFailure {
  operation: string;
  kind: ApiError['kind'];
  status: number | null;
  durationMs: number;
}

export interface ApiRequest<TSchema extends z.ZodMiniType, TData = z.infer<TSchema>> {
  method: 'GET' | 'POST';
  base: ApiBase;
  path: string;
  /** The path template for messages, e.g. "/v1/cards/request/{document}/": never personal data. */
  pathTemplate: string;
  /** Query parameters (paging only: never personal data, which goes where the interface puts it). */
  query?: Readonly<Record<string, string>>;
  schema: TSchema;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
  /**
   * Decodes and validates a 2xx body, as it arrives, instead of JSON.parse + `schema` here, e.g. in a Web
   * Worker (the 100 000 accounts, decision 012), and gives what the caller keeps of it. It must answer
   * as `decodeJsonBytes(body, schema)` would: the same messages; its data is the checked body's.
   */
  decoder?: () => BodyDecoder<TData>;
  /**
   * `last-byte`: the time-out counts from the last byte received, not from the request, so that a large
   * body that keeps arriving (100 000 accounts on a slow link) is not cut off; a stalled one still is.
   */
  timeoutFrom?: 'request' | 'last-byte';
}

// The client's public face: a request's decoder and a 2xx body's decoding are read here, as they are
// written in http-body.ts.
export { decodeJsonBytes, type BodyDecoder, type DecodedBody } from './http-body';

export interface HttpClient {
  request<TSchema extends z.ZodMiniType, TData = z.infer<TSchema>>(
    request: ApiRequest<TSchema, TData>,
  ): Promise<TData>;
}

function joinUrl(base: string, path: string, query?: Readonly<Record<string, string>>): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${base.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`;
}

/** The page's address, against which a base that is a path resolves (none outside a browser). */
function pageHref(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.href;
}

/**
 * The origin a base URL stands for: its own when absolute, this page's when it is a path (a path base
 * means "the provider is on this origin", whatever its characters make a browser read).
 */
function intendedOrigin(base: string): string | null {
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(base)) return new URL(base).origin;
    const href = pageHref();
    return href === undefined ? null : new URL(href).origin;
  } catch {
    return null;
  }
}

function resolvedOrigin(url: string): string | null {
  try {
    return new URL(url, pageHref()).origin;
  } catch {
    return null;
  }
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

/** A non-2xx answer as an ApiError; a 401 also ends the session (which opens the re-authentication). */
function httpError(
  response: Response,
  read: BodyRead,
  operation: string,
  sessionGeneration: number,
  session: SessionStore,
): ApiError {
  const errorObject =
    read.kind === 'json' ? (lenientErrorObjectSchema.safeParse(read.value).data ?? null) : null;
  if (response.status === 401) session.expire(sessionGeneration);
  return new ApiError({
    kind: 'http',
    operation,
    status: response.status,
    errorObject,
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    sessionGeneration,
    detail: `HTTP ${response.status}${errorObject ? '' : read.kind === 'unreadable' ? ` with ${read.reason}` : ' without an Error object'}`,
  });
}

/** A 2xx body as the caller's data: decoded as it arrived, or parsed with the resource's schema. */
async function dataOf<TSchema extends z.ZodMiniType, TData>(
  request: ApiRequest<TSchema, TData>,
  response: Response,
  bodyRead: BodyRead,
  decoding: BodyDecoder<TData> | null,
  operation: string,
  sessionGeneration: number,
): Promise<TData> {
  let read = bodyRead;
  if (read.kind === 'unreadable') {
    throw new ApiError({
      kind: 'contract',
      operation,
      status: response.status,
      sessionGeneration,
      detail: `HTTP ${response.status} with ${read.reason}`,
    });
  }
  if (read.kind === 'decoder' && decoding) {
    const decoded: DecodedBody<TData> = await decoding.end();
    if (request.signal?.aborted) throw request.signal.reason; // cancelled by the caller while it decoded
    if (decoded.kind === 'ok') return decoded.data;
    if (decoded.kind !== 'empty') {
      throw new ApiError({
        kind: 'contract',
        operation,
        status: response.status,
        field: decoded.kind === 'contract' ? decoded.field : undefined,
        sessionGeneration,
        detail:
          decoded.kind === 'contract' ? decoded.detail : `HTTP ${response.status} with ${decoded.reason}`,
      });
    }
    read = { kind: 'empty' };
  }
  const parsed = request.schema.safeParse(read.kind === 'json' ? read.value : undefined);
  if (!parsed.success) {
    const { field, detail } = describeContractIssue(parsed.error);
    throw new ApiError({
      kind: 'contract',
      operation,
      status: response.status,
      field,
      sessionGeneration,
      detail: read.kind === 'empty' ? `HTTP ${response.status} with an empty body` : detail,
    });
  }
  // Without a decoder, TData is the schema's output (its default).
  return parsed.data as TData;
}

/**
 * The one way to call the provider: joins the right base URL, sends the bearer token and JSON, applies
 * the time-out, accepts any 2xx, and parses the body with the resource's schema. Every failure is an
 * ApiError. A 401 ends the session (which opens the re-authentication dialog); nothing else here is UI.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const { onFailure } = options;
  // Per base URL, whether any request got an answer (any status: it passed CORS) and whether one carrying
  // Idempotency-Key did: a request with the key that fails at the network level while the others get
  // through points at the header (ApiError.networkHint).
  const answered = new Map<string, { any: boolean; withKey: boolean }>();

  async function send<TSchema extends z.ZodMiniType, TData>(
    request: ApiRequest<TSchema, TData>,
  ): Promise<TData> {
    const { method, base, path, pathTemplate, query, body, signal, idempotencyKey, decoder } = request;
    const operation = `${method} ${pathTemplate}`;
    const { session } = options;
    const sessionGeneration = session.getState().generation;
    const token = session.getToken();
    if (token === null) {
      throw new ApiError({
        kind: 'unauthenticated',
        operation,
        sessionGeneration,
        detail: 'no token; not sent',
      });
    }

    const baseUrl = base === 'accounts' ? options.accountsBaseUrl : options.baseUrl;
    const url = joinUrl(baseUrl, path, query);
    // Defence in depth behind the config check: the token goes only to the configured base's origin.
    const origin = resolvedOrigin(url);
    if (origin === null || origin !== intendedOrigin(baseUrl)) {
      throw new ApiError({
        kind: 'refused',
        operation,
        sessionGeneration,
        detail: 'the URL leaves the configured base URL’s origin; not sent',
      });
    }
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const withKey = idempotencyKey !== undefined && idempotencyKey !== '' && options.sendIdempotencyKey;
    if (withKey) headers['Idempotency-Key'] = idempotencyKey;

    // Our own controller tells a time-out apart from the caller cancelling (React Query's signal).
    const controller = new AbortController();
    const deadline = { passed: false };
    const onTimeout = () => {
      deadline.passed = true;
      controller.abort();
    };
    let timer = setTimeout(onTimeout, options.timeoutMs);
    // From the last byte: the time-out starts again with the headers and with every chunk of the body.
    const restartTimer =
      request.timeoutFrom === 'last-byte'
        ? () => {
            if (deadline.passed) return;
            clearTimeout(timer);
            timer = setTimeout(onTimeout, options.timeoutMs);
          }
        : () => undefined;
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    let read: BodyRead;
    let decoding: BodyDecoder<TData> | null = null;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      const seen = answered.get(baseUrl) ?? { any: false, withKey: false };
      answered.set(baseUrl, { any: true, withKey: seen.withKey || withKey });
      restartTimer();
      // An HTML page is read here, whatever the status, to say so.
      decoding = response.ok && decoder && !isHtml(response) ? decoder() : null;
      read = await readBody(response, {
        decoder: decoding,
        onBytes: restartTimer,
        signal: controller.signal,
      });
    } catch (cause) {
      decoding?.cancel();
      if (signal?.aborted && !deadline.passed) throw cause; // cancelled by the caller: not a failure
      const seen = answered.get(baseUrl);
      throw new ApiError({
        kind: deadline.passed ? 'timeout' : 'network',
        operation,
        sessionGeneration,
        networkHint:
          !deadline.passed && withKey && seen?.any === true && !seen.withKey
            ? 'idempotency-key-header'
            : null,
        detail: deadline.passed
          ? request.timeoutFrom === 'last-byte'
            ? `no byte for ${options.timeoutMs} ms`
            : `no answer within ${options.timeoutMs} ms`
          : 'no answer (network error)',
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }

    if (!response.ok) throw httpError(response, read, operation, sessionGeneration, session);
    return dataOf(request, response, read, decoding, operation, sessionGeneration);
  }

  return {
    async request(request) {
      const startedAt = performance.now();
      try {
        return await send(request);
      } catch (error) {
        if (onFailure && error instanceof ApiError) {
          onFailure({
            operation: error.operation,
            kind: error.kind,
            status: error.status,
            durationMs: Math.round(performance.now() - startedAt),
          });
        }
        throw error;
      }
    },
  };
}
