import { CancelledError, type QueryClient } from '@tanstack/react-query';
import type { AnalysisStatusPaging } from '@/config/config-schema';
import { analysisStatusQueries, type AnalysisLookup } from './analysis-status';
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
 * One CPF through the single lookup's query factory (every page the paging config reaches), so that the
 * batch and the single lookup share one cache entry per CPF. The batch has its own retry policy (src/lib/task-queue.ts), so the query's own
 * retry (the app's default: up to two, Retry-After included) is off here: one call is one request.
 * `signal` aborting cancels the query, which aborts its request.
 */
export async function lookUpForBatch(
  queryClient: QueryClient,
  http: HttpClient,
  cpf: string,
  signal: AbortSignal,
  paging?: AnalysisStatusPaging,
): Promise<BatchLookupResult> {
  const options = analysisStatusQueries.lookup(http, cpf, paging);
  const cancel = () => void queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  signal.throwIfAborted();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return { kind: 'found', lookup: await queryClient.query({ ...options, retry: false }) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
    throw error;
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
