import { CancelledError, type QueryClient } from '@tanstack/react-query';
import type { AnalysisStatusPaging } from '@/config/config-schema';
import { analysisStatusQueries, fetchAnalysisLookup, type AnalysisLookup } from './analysis-status';
import { isApiError, isUnauthorized } from './api-error';
import type { HttpClient } from './http-client';
import { createTaskQueue, type Scheduler, type TaskQueue, type Verdict } from '@/lib/task-queue';

/** What one CPF of a batch came back with. */
export type BatchLookupResult =
  | { kind: 'found'; lookup: AnalysisLookup }
  /** 404: the provider has no application for this CPF (docs/requirements.md row 19), not a failure. */
  | { kind: 'notFound' };

/** Why one CPF of a batch has no answer: the last error (an ApiError, as the single lookup gets). */
export interface BatchLookupFailure {
  error: unknown;
}

export type AnalysisStatusBatch = TaskQueue<string, BatchLookupResult, BatchLookupFailure>;

/**
 * How the batch treats a failed lookup: a 429 slows the whole batch down (Retry-After); network errors,
 * time-outs and 5xx are worth another try; a lost session puts the CPF back until the operator signs in
 * again; anything else (400, 403, a body that breaks the contract) is the CPF's answer and is reported.
 */
export function judgeLookupError(error: unknown): Verdict<BatchLookupFailure> {
  const reason = { error };
  if (error instanceof CancelledError || isUnauthorized(error)) return { kind: 'interrupted', reason };
  if (!isApiError(error)) return { kind: 'final', reason };
  if (error.kind === 'network' || error.kind === 'timeout') return { kind: 'transient', reason };
  if (error.kind !== 'http' || error.status === null) return { kind: 'final', reason };
  if (error.status === 429) {
    const retryAfterMs = error.retryAfterSeconds === null ? null : error.retryAfterSeconds * 1000;
    return { kind: 'rateLimited', retryAfterMs, reason };
  }
  return error.status >= 500 ? { kind: 'transient', reason } : { kind: 'final', reason };
}

/**
 * One CPF for the batch, sharing the single lookup's cache entry (the query factory's key, every page the
 * paging config reaches): an answer still fresh there is used as it is, a lookup of the same CPF already
 * under way is joined (`queryClient.query`), and otherwise the lookup is sent straight through the client
 * with the queue's `signal`, its answer written into the entry (`setQueryData`). Straight, not through
 * `queryClient.query`, because the query's own life (an observerless query built, a retryer, its own
 * abort controller, two state dispatches and a garbage-collection timer per CPF) cost the main thread
 * more than the lookup's own request at 1,000 CPFs (issue 37); the batch has its own retry policy
 * (src/lib/task-queue.ts), so one call is one request either way. A 404 is the CPF's answer (no
 * application), not a failure.
 */
export async function lookUpForBatch(
  queryClient: QueryClient,
  http: HttpClient,
  cpf: string,
  signal: AbortSignal,
  paging?: AnalysisStatusPaging,
): Promise<BatchLookupResult> {
  const options = analysisStatusQueries.lookup(http, cpf, paging);
  signal.throwIfAborted();
  const state = queryClient.getQueryState(options.queryKey);
  try {
    if (state?.fetchStatus === 'fetching')
      return { kind: 'found', lookup: await joinQuery(queryClient, options, signal) };
    const staleTime = typeof options.staleTime === 'number' ? options.staleTime : 0;
    if (state?.data !== undefined && !state.isInvalidated && Date.now() - state.dataUpdatedAt < staleTime)
      return { kind: 'found', lookup: state.data };
    const lookup = await fetchAnalysisLookup(http, cpf, paging, signal);
    queryClient.setQueryData(options.queryKey, lookup);
    return { kind: 'found', lookup };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
    throw error;
  }
}

/** The lookup of this CPF already under way in the cache (the single lookup's), cancelled with `signal`. */
async function joinQuery(
  queryClient: QueryClient,
  options: ReturnType<typeof analysisStatusQueries.lookup>,
  signal: AbortSignal,
): Promise<AnalysisLookup> {
  const cancel = () => void queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await queryClient.query({ ...options, retry: false });
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** A batch over these distinct 11-digit CPFs, not yet started. */
export function createAnalysisStatusBatch(options: {
  queryClient: QueryClient;
  http: HttpClient;
  cpfs: readonly string[];
  concurrency: number;
  paging?: AnalysisStatusPaging;
  scheduler?: Scheduler;
}): AnalysisStatusBatch {
  return createTaskQueue({
    keys: options.cpfs,
    concurrency: options.concurrency,
    run: (cpf, signal) => lookUpForBatch(options.queryClient, options.http, cpf, signal, options.paging),
    judge: judgeLookupError,
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
  });
}
