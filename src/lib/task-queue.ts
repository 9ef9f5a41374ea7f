/**
 * A queue that runs one task per key, a few at a time, against a remote service that may be slow, fail
 * for a moment or ask us to slow down. Headless (no React, no fetch): what a task does and how its errors
 * are judged are injected, and so is time (`Scheduler`), so that tests drive it without waiting.
 *
 * The policy (docs/decisions/015-batch-queue.md):
 * - at most `concurrency` tasks in flight, never more, whatever is stopped or retried meanwhile;
 * - a `transient` failure (5xx, time-out, dropped connection) is tried again after a backoff
 *   (`retryDelaysMs`, one entry per retry), then reported as failed with its reason; while it waits, its
 *   slot serves the next key;
 * - `rateLimited` (429) pauses every start until the service's wait (Retry-After) has passed, halves the
 *   concurrency (once per pause), and puts the task back at the head of the queue; the concurrency then
 *   grows back by one every `raiseAfter` successes;
 * - `final` is reported at once; `interrupted` (the session ended under it) puts the task back, uncounted;
 * - `stop()` drops what is queued or waiting and aborts what is in flight; `retry('failed')` runs again
 *   exactly the failed keys, `retry('stopped')` the stopped ones.
 */

export interface Scheduler {
  now: () => number;
  /** Runs `callback` once after `ms`; the returned function cancels it. */
  setTimer: (callback: () => void, ms: number) => () => void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const id = setTimeout(callback, ms);
    return () => clearTimeout(id);
  },
};

/** How a task's error is to be treated; `reason` is what a failed task reports. */
export type Verdict<F> =
  | { kind: 'transient'; reason: F }
  | { kind: 'rateLimited'; retryAfterMs: number | null; reason: F }
  | { kind: 'final'; reason: F }
  | { kind: 'interrupted'; reason: F };

/** One key's state. Each change makes a new object, so that identity tells a change. */
export type TaskState<R, F> =
  | { status: 'queued' }
  | { status: 'running'; attempt: number }
  /** Between a transient failure and its retry. */
  | { status: 'backoff'; attempt: number }
  | { status: 'done'; value: R; attempts: number }
  | { status: 'failed'; reason: F; attempts: number }
  | { status: 'stopped' };

export interface QueueProgress {
  total: number;
  queued: number;
  running: number;
  backoff: number;
  done: number;
  failed: number;
  stopped: number;
  /** The concurrency now (lowered by 429s), at most the configured one. */
  concurrency: number;
  /** Until when starts are paused by a 429 (scheduler time), or null. */
  pausedUntil: number | null;
  /** Held from outside (the session is being renewed). */
  held: boolean;
  /** Something is queued, in flight or waiting. */
  active: boolean;
  /** Moving average of how long a successful task took, or null before the first one. */
  msPerTask: number | null;
}

export interface TaskQueueOptions<K, R, F> {
  keys: readonly K[];
  /** The most tasks in flight at once (at least 1). */
  concurrency: number;
  run: (key: K, signal: AbortSignal) => Promise<R>;
  judge: (error: unknown) => Verdict<F>;
  scheduler?: Scheduler;
  /** Waits before each retry of a transient failure; its length is how many retries there are. */
  retryDelaysMs?: readonly number[];
  /** Wait after a 429 without Retry-After, doubled for each 429 in a row (capped by maxPauseMs). */
  rateLimitFallbackMs?: number;
  /** The longest pause a Retry-After can impose. */
  maxPauseMs?: number;
  /** 429s one task may meet before it is reported failed. */
  maxRateLimits?: number;
  /** Interruptions one task may meet before it is reported failed (a guard against a loop). */
  maxInterruptions?: number;
  /** Successes after which a lowered concurrency grows by one. */
  raiseAfter?: number;
}

export interface TaskQueue<K, R, F> {
  readonly keys: readonly K[];
  state: (key: K) => TaskState<R, F> | undefined;
  progress: () => QueueProgress;
  /** Starts whatever is queued (all keys, on a new queue). */
  start: () => void;
  stop: () => void;
  /** Runs again the keys in this state; returns how many. */
  retry: (which: 'failed' | 'stopped') => number;
  /** No new starts until `release` (tasks in flight go on). */
  hold: () => void;
  release: () => void;
  /** Called after every change, synchronously. */
  subscribe: (listener: () => void) => () => void;
}

interface Entry<R, F> {
  state: TaskState<R, F>;
  /** Transient failures so far in this run of the key. */
  failures: number;
  rateLimits: number;
  interruptions: number;
  /** The controller of the attempt in flight, if any. */
  controller: AbortController | null;
  cancelBackoff: (() => void) | null;
}

const DEFAULTS = {
  retryDelaysMs: [500, 1000],
  rateLimitFallbackMs: 2000,
  maxPauseMs: 10 * 60_000,
  maxRateLimits: 6,
  maxInterruptions: 5,
  raiseAfter: 8,
};
const AVERAGE_WEIGHT = 0.2;

export function createTaskQueue<K, R, F>(options: TaskQueueOptions<K, R, F>): TaskQueue<K, R, F> {
  const { keys, run, judge } = options;
  const scheduler = options.scheduler ?? realScheduler;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULTS.retryDelaysMs;
  const rateLimitFallbackMs = options.rateLimitFallbackMs ?? DEFAULTS.rateLimitFallbackMs;
  const maxPauseMs = options.maxPauseMs ?? DEFAULTS.maxPauseMs;
  const maxRateLimits = options.maxRateLimits ?? DEFAULTS.maxRateLimits;
  const maxInterruptions = options.maxInterruptions ?? DEFAULTS.maxInterruptions;
  const raiseAfter = options.raiseAfter ?? DEFAULTS.raiseAfter;
  const maxConcurrency = Math.max(1, Math.floor(options.concurrency));

  const entries = new Map<K, Entry<R, F>>();
  for (const key of keys) {
    if (entries.has(key)) throw new RangeError('createTaskQueue: keys must be distinct');
    entries.set(key, {
      state: { status: 'queued' },
      failures: 0,
      rateLimits: 0,
      interruptions: 0,
      controller: null,
      cancelBackoff: null,
    });
  }
  /** Keys waiting for a slot, in order; the head is `ready[head]`. */
  let ready: K[] = [];
  let head = 0;
  /** Attempts whose promise has not settled yet, stopped ones included: what the service sees. */
  let inFlight = 0;
  let concurrency = maxConcurrency;
  let pausedUntil: number | null = null;
  let cancelPause: (() => void) | null = null;
  let rateLimitsInARow = 0;
  let successesSinceCut = 0;
  /** Grows with every cut of the concurrency: only answers to requests sent since then may raise it. */
  let cutEpoch = 0;
  let held = false;
  let msPerTask: number | null = null;
  const listeners = new Set<() => void>();

  const entry = (key: K): Entry<R, F> => {
    const found = entries.get(key);
    if (!found) throw new RangeError('task-queue: unknown key');
    return found;
  };
  /** How many keys are in each status, kept as states change: `progress()` is read after every change. */
  const counts: Record<TaskState<R, F>['status'], number> = {
    queued: entries.size,
    running: 0,
    backoff: 0,
    done: 0,
    failed: 0,
    stopped: 0,
  };
  /** Every change of a key's state goes through here. */
  const setState = (task: Entry<R, F>, next: TaskState<R, F>) => {
    counts[task.state.status] -= 1;
    counts[next.status] += 1;
    task.state = next;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const enqueue = (key: K, atHead: boolean) => {
    setState(entry(key), { status: 'queued' });
    if (atHead) {
      if (head > 0) ready[--head] = key;
      else ready.unshift(key);
    } else ready.push(key);
  };
  const takeNext = (): K | undefined => {
    while (head < ready.length) {
      const key = ready[head] as K;
      head += 1;
      // A key stopped or re-queued since it was put here is skipped (its state says so).
      if (entry(key).state.status === 'queued') return key;
    }
    ready = [];
    head = 0;
    return undefined;
  };

  function pump(): void {
    if (held || pausedUntil !== null) return;
    while (inFlight < concurrency) {
      const key = takeNext();
      if (key === undefined) return;
      launch(key);
    }
  }

  function launch(key: K): void {
    const task = entry(key);
    const attempt = task.failures + 1;
    const controller = new AbortController();
    task.controller = controller;
    setState(task, { status: 'running', attempt });
    inFlight += 1;
    const startedAt = scheduler.now();
    const epoch = cutEpoch;
    let promise: Promise<R>;
    try {
      promise = run(key, controller.signal);
    } catch (error) {
      // A task that throws before its promise exists is judged like one that rejects, whatever it threw.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      promise = Promise.reject(error);
    }
    promise.then(
      (value) =>
        settle(key, controller, () => succeed(key, value, attempt, scheduler.now() - startedAt, epoch)),
      (error: unknown) => settle(key, controller, () => fail(key, error, attempt)),
    );
  }

  function settle(key: K, controller: AbortController, apply: () => void): void {
    inFlight -= 1;
    const task = entry(key);
    // Stopped while in flight: already reported stopped; its slot is free now.
    if (task.controller === controller && !controller.signal.aborted) {
      task.controller = null;
      apply();
    }
    pump();
    notify();
  }

  function succeed(key: K, value: R, attempts: number, tookMs: number, epoch: number): void {
    setState(entry(key), { status: 'done', value, attempts });
    msPerTask = msPerTask === null ? tookMs : msPerTask + AVERAGE_WEIGHT * (tookMs - msPerTask);
    rateLimitsInARow = 0;
    // A request sent before the last cut says nothing about the lowered pace.
    if (epoch !== cutEpoch) return;
    successesSinceCut += 1;
    if (concurrency < maxConcurrency && successesSinceCut >= raiseAfter) {
      concurrency += 1;
      successesSinceCut = 0;
    }
  }

  function fail(key: K, error: unknown, attempts: number): void {
    const task = entry(key);
    const verdict = judge(error);
    switch (verdict.kind) {
      case 'final':
        setState(task, { status: 'failed', reason: verdict.reason, attempts });
        return;
      case 'interrupted':
        task.interruptions += 1;
        if (task.interruptions > maxInterruptions)
          setState(task, { status: 'failed', reason: verdict.reason, attempts });
        else enqueue(key, true);
        return;
      case 'transient': {
        task.failures += 1;
        const delay = retryDelaysMs[task.failures - 1];
        if (delay === undefined) {
          setState(task, { status: 'failed', reason: verdict.reason, attempts });
          return;
        }
        setState(task, { status: 'backoff', attempt: attempts });
        task.cancelBackoff = scheduler.setTimer(() => {
          task.cancelBackoff = null;
          enqueue(key, true);
          pump();
          notify();
        }, delay);
        return;
      }
      case 'rateLimited': {
        task.rateLimits += 1;
        rateLimitsInARow += 1;
        if (task.rateLimits > maxRateLimits) {
          setState(task, { status: 'failed', reason: verdict.reason, attempts });
          return;
        }
        enqueue(key, true);
        const wait = Math.min(
          maxPauseMs,
          verdict.retryAfterMs ?? rateLimitFallbackMs * 2 ** (rateLimitsInARow - 1),
        );
        pauseUntil(scheduler.now() + wait);
        return;
      }
    }
  }

  function pauseUntil(until: number): void {
    // A 429 of a request sent before the pause began is part of the same episode: cut once.
    if (pausedUntil === null) {
      concurrency = Math.max(1, Math.floor(concurrency / 2));
      cutEpoch += 1;
    }
    successesSinceCut = 0;
    if (pausedUntil !== null && until <= pausedUntil) return;
    pausedUntil = until;
    cancelPause?.();
    cancelPause = scheduler.setTimer(
      () => {
        cancelPause = null;
        pausedUntil = null;
        pump();
        notify();
      },
      Math.max(0, until - scheduler.now()),
    );
  }

  function progress(): QueueProgress {
    return {
      total: entries.size,
      ...counts,
      concurrency,
      pausedUntil,
      held,
      active: counts.queued + counts.running + counts.backoff > 0,
      msPerTask,
    };
  }

  return {
    keys,
    state: (key) => entries.get(key)?.state,
    progress,
    start() {
      ready = keys.filter((key) => entry(key).state.status === 'queued');
      head = 0;
      pump();
      notify();
    },
    stop() {
      for (const task of entries.values()) {
        const { status } = task.state;
        if (status === 'done' || status === 'failed' || status === 'stopped') continue;
        task.cancelBackoff?.();
        task.cancelBackoff = null;
        // Aborted, but still counted in flight until its promise settles: the service may still be
        // answering it, and a retry right away must not exceed the concurrency.
        task.controller?.abort();
        task.controller = null;
        setState(task, { status: 'stopped' });
      }
      ready = [];
      head = 0;
      cancelPause?.();
      cancelPause = null;
      pausedUntil = null;
      notify();
    },
    retry(which) {
      let count = 0;
      for (const [key, task] of entries) {
        if (task.state.status !== which) continue;
        task.failures = 0;
        task.rateLimits = 0;
        task.interruptions = 0;
        enqueue(key, false);
        count += 1;
      }
      pump();
      notify();
      return count;
    },
    hold() {
      held = true;
      notify();
    },
    release() {
      held = false;
      pump();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
