import type { QueryClient } from '@tanstack/react-query';
import { createAnalysisStatusBatch, type AnalysisStatusBatch } from '@/api/analysis-status-batch';
import type { HttpClient } from '@/api/http-client';
import { session } from '@/api/session';
import type { AnalysisStatusPaging } from '@/config/config-schema';
import type { CpfListEntry, InvalidCpfEntry } from '@/lib/cpf-list';
import { registerUnsentWork } from '@/lib/unsent-work';
import { createMemoryStore, onForgetEverything } from '@/lib/memory-store';
import type { QueueProgress, Scheduler } from '@/lib/task-queue';
import type { LookupState } from './batch-rows';

/**
 * The batch lookup of this tab, in memory only (never the URL, Web Storage or the console): the pasted
 * text, and the batch under way or finished with its answers. Both are memory stores, so signing out or
 * a session limit empties them (and stops the lookups); a reload loses them, as it loses everything.
 *
 * The lookups run here, outside React: the batch carries on while the analyst opens one of its CPFs in
 * the single lookup, and comes back to the same progress. The screen reads `batchView`, published at
 * most every PUBLISH_MS while answers stream in (each answer would otherwise render the screen).
 */

/** Four times a second: the bar moves smoothly to the eye, and the renders leave the main thread to the answers. */
export const PUBLISH_MS = 250;

export interface BatchView {
  /** Grows with every batch started in this tab. */
  id: number;
  startedAt: number;
  /** When the last lookup ended (done, failed or stopped), or null while some are left. */
  endedAt: number | null;
  /** The distinct valid CPFs, in the order of the list. */
  entries: readonly CpfListEntry[];
  /** What was left out before anything was sent. */
  invalid: readonly InvalidCpfEntry[];
  repeatCount: number;
  /** Each entry's state, same order as `entries`; a new array at every publication. */
  states: readonly (LookupState | undefined)[];
  progress: QueueProgress;
}

/** The text in the batch's text area, kept while the analyst moves between screens. */
export const batchText = createMemoryStore<string>(() => '');

export const batchView = createMemoryStore<BatchView | null>(() => null);

interface Current {
  queue: AnalysisStatusBatch;
  view: Omit<BatchView, 'states' | 'progress' | 'endedAt'>;
  unsubscribe: () => void;
}

let current: Current | null = null;
let publishTimer: ReturnType<typeof setTimeout> | null = null;
let nextId = 1;

function publish(): void {
  if (publishTimer !== null) clearTimeout(publishTimer);
  publishTimer = null;
  if (!current) return;
  const { queue, view } = current;
  const progress = queue.progress();
  const previous = batchView.get();
  const ended = !progress.active;
  batchView.set({
    ...view,
    states: view.entries.map((entry) => queue.state(entry.cpf)),
    progress,
    endedAt: ended
      ? previous?.id === view.id && previous.endedAt !== null
        ? previous.endedAt
        : Date.now()
      : null,
  });
}

function schedulePublish(): void {
  if (!current) return;
  // The end of the batch, or of a pause, is shown at once; answers in between are gathered.
  if (!current.queue.progress().active) {
    publish();
    return;
  }
  publishTimer ??= setTimeout(publish, PUBLISH_MS);
}

function followSession(): void {
  if (!current) return;
  const { status } = session.getState();
  if (status === 'active') current.queue.release();
  // An expired session (a 401) waits for the operator to sign in again; its lookups are put back.
  else current.queue.hold();
}
session.subscribe(followSession);

function forget(): void {
  if (publishTimer !== null) clearTimeout(publishTimer);
  publishTimer = null;
  if (!current) return;
  current.unsubscribe();
  current.queue.stop();
  current = null;
}
onForgetEverything(forget);

/** Makes `queue` (not started) the tab's batch, in place of the previous one, and starts it. */
export function runBatch(
  queue: AnalysisStatusBatch,
  list: { entries: readonly CpfListEntry[]; invalid: readonly InvalidCpfEntry[]; repeatCount: number },
): void {
  forget();
  current = {
    queue,
    view: {
      id: nextId++,
      startedAt: Date.now(),
      entries: list.entries,
      invalid: list.invalid,
      repeatCount: list.repeatCount,
    },
    unsubscribe: queue.subscribe(schedulePublish),
  };
  followSession();
  queue.start();
  publish();
}

/** Starts a batch over these CPFs, replacing the tab's previous one. */
export function startBatch(options: {
  queryClient: QueryClient;
  http: HttpClient;
  entries: readonly CpfListEntry[];
  invalid: readonly InvalidCpfEntry[];
  repeatCount: number;
  concurrency: number;
  paging?: AnalysisStatusPaging | undefined;
  scheduler?: Scheduler;
}): void {
  const queue = createAnalysisStatusBatch({
    queryClient: options.queryClient,
    http: options.http,
    cpfs: options.entries.map((entry) => entry.cpf),
    concurrency: options.concurrency,
    ...(options.paging ? { paging: options.paging } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
  });
  runBatch(queue, options);
}

/** "Parar": what is queued is dropped, what is in flight is aborted. */
export function stopBatch(): void {
  current?.queue.stop();
  publish();
}

/** Runs again the CPFs that failed ("Tentar de novo as que falharam") or that were stopped ("Continuar"). */
export function retryBatch(which: 'failed' | 'stopped'): void {
  current?.queue.retry(which);
  publish();
}

/** Forgets the batch (not the text): a new list can be checked. */
export function clearBatch(): void {
  forget();
  batchView.reset();
}

/** Whether lookups are still to be made or under way (leaving the screen asks first). */
export function batchIsRunning(): boolean {
  return current !== null && current.queue.progress().active;
}

// Signing out ends the batch: "Sair" asks first while it runs.
registerUnsentWork('batch', () => {
  if (current === null || !batchIsRunning()) return null;
  const { total, queued, running, backoff } = current.queue.progress();
  return { kind: 'batch', done: total - queued - running - backoff, total };
});
