import type { ReportEvent } from './report-events';

/**
 * Batches report events and rate-limits them:
 * - at most `perMinute` events are accepted in any clock minute (a fixed window); past that they are
 *   dropped and counted, and the count goes out with the next batch (`dropped`), so a loop of errors
 *   cannot flood the collector or the network;
 * - a batch goes out `flushAfterMs` after its first event, when it reaches `maxBatch` events, or at once
 *   on `flush()` (the page is being hidden: the reporter calls it on `visibilitychange`);
 * - `send` is told the batch's JSON text; it must not throw (sendBeacon or a keepalive fetch).
 *
 * Time and timers come from `clock`, so that tests drive them.
 */
export interface ReportBatch {
  /** The format's version. */
  schema: 1;
  app: 'cartoes-backoffice';
  /** config.json `environmentName` (e.g. "Homologação"). */
  environment: string;
  sentAt: string;
  /** Events refused by the rate limit since the previous batch. */
  dropped: number;
  events: ReportEvent[];
}

export interface ReportQueueOptions {
  environment: string;
  send: (body: string) => void;
  perMinute?: number;
  maxBatch?: number;
  flushAfterMs?: number;
  clock?: {
    now: () => number;
    setTimeout: (callback: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  };
}

export interface ReportQueue {
  add: (event: ReportEvent) => void;
  /** Sends what waits, if anything. */
  flush: () => void;
}

export const REPORTS_PER_MINUTE = 60;
export const REPORT_BATCH_SIZE = 20;
export const REPORT_FLUSH_MS = 10_000;

const browserClock = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number): unknown => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createReportQueue(options: ReportQueueOptions): ReportQueue {
  const {
    environment,
    send,
    perMinute = REPORTS_PER_MINUTE,
    maxBatch = REPORT_BATCH_SIZE,
    flushAfterMs = REPORT_FLUSH_MS,
    clock = browserClock,
  } = options;
  let pending: ReportEvent[] = [];
  let dropped = 0;
  let windowStart = -Infinity;
  let acceptedInWindow = 0;
  let timer: unknown = null;

  const flush = () => {
    if (timer !== null) {
      clock.clearTimeout(timer);
      timer = null;
    }
    if (pending.length === 0 && dropped === 0) return;
    const batch: ReportBatch = {
      schema: 1,
      app: 'cartoes-backoffice',
      environment,
      sentAt: new Date(clock.now()).toISOString(),
      dropped,
      events: pending,
    };
    pending = [];
    dropped = 0;
    send(JSON.stringify(batch));
  };

  return {
    add(event) {
      const now = clock.now();
      if (now - windowStart >= 60_000) {
        windowStart = now;
        acceptedInWindow = 0;
      }
      if (acceptedInWindow >= perMinute) {
        dropped += 1;
        timer ??= clock.setTimeout(flush, flushAfterMs);
        return;
      }
      acceptedInWindow += 1;
      pending.push(event);
      if (pending.length >= maxBatch) flush();
      else timer ??= clock.setTimeout(flush, flushAfterMs);
    },
    flush,
  };
}
