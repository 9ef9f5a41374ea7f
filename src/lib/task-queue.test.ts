// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTaskQueue, type Scheduler, type TaskQueueOptions, type Verdict } from './task-queue';

/** Time that moves only when the test says so. */
function manualScheduler() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const scheduler: Scheduler = {
    now: () => now,
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return () => timers.delete(id);
    },
  };
  return {
    scheduler,
    now: () => now,
    pending: () => timers.size,
    /** Moves the clock, running every timer that falls due, in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

/** Lets every promise reaction already due run (no time passes). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

type Outcome = { ok: true; value: string } | { ok: false; error: Failure };
type Failure =
  { kind: 'transient' | 'final' | 'interrupted' } | { kind: 'rateLimited'; waitMs: number | null };

/** A service whose answers the test gives, one call at a time, and that records what it was asked. */
function fakeService() {
  const calls: Array<{ key: string; signal: AbortSignal; answer: (outcome: Outcome) => void }> = [];
  const answered = new Set<unknown>();
  let inFlight = 0;
  let mostInFlight = 0;
  const run = (key: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const done = () => (inFlight -= 1);
      signal.addEventListener('abort', () => {
        done();
        reject(new DOMException('aborted', 'AbortError'));
      });
      calls.push({
        key,
        signal,
        answer: (outcome) => {
          if (signal.aborted) return;
          done();
          if (outcome.ok) resolve(outcome.value);
          else reject(Object.assign(new Error(outcome.error.kind), { failure: outcome.error }));
        },
      });
    });
  return {
    run,
    calls,
    inFlight: () => inFlight,
    mostInFlight: () => mostInFlight,
    /** Calls not yet answered, oldest first. */
    open: () => calls.filter((call) => !call.signal.aborted && !answered.has(call)),
    answer(call: (typeof calls)[number], outcome: Outcome) {
      answered.add(call);
      call.answer(outcome);
    },
    askedFor: (key: string) => calls.filter((call) => call.key === key).length,
  };
}

function judge(error: unknown): Verdict<string> {
  const { failure } = error as { failure: Failure };
  switch (failure.kind) {
    case 'rateLimited':
      return { kind: 'rateLimited', retryAfterMs: failure.waitMs, reason: '429' };
    case 'transient':
      return { kind: 'transient', reason: '503' };
    case 'interrupted':
      return { kind: 'interrupted', reason: 'session' };
    default:
      return { kind: 'final', reason: '400' };
  }
}

const keys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}`);
const ok = (value = 'ok'): Outcome => ({ ok: true, value });

function setUp(
  count: number,
  concurrency = 4,
  extra: Partial<TaskQueueOptions<string, string, string>> = {},
) {
  const clock = manualScheduler();
  const service = fakeService();
  const queue = createTaskQueue<string, string, string>({
    keys: keys(count),
    concurrency,
    run: service.run,
    judge,
    scheduler: clock.scheduler,
    ...extra,
  });
  return { clock, service, queue };
}

describe('createTaskQueue', () => {
  it('never has more than `concurrency` tasks in flight, whatever the order of the answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('ok', 'transient', 'final', 'rateLimited')), {
          maxLength: 200,
        }),
        async (concurrency, count, script) => {
          const { clock, service, queue } = setUp(count, concurrency);
          queue.start();
          for (const [pick, kind] of script) {
            const open = service.open();
            const call = open[pick % Math.max(1, open.length)];
            if (call) {
              service.answer(
                call,
                kind === 'ok'
                  ? ok()
                  : { ok: false, error: kind === 'rateLimited' ? { kind, waitMs: 1000 } : { kind } },
              );
            } else clock.advance(1000);
            await settle();
            expect(service.inFlight()).toBeLessThanOrEqual(concurrency);
            expect(queue.progress().running).toBeLessThanOrEqual(concurrency);
          }
          // Answer everything: the queue ends, every key done or failed.
          for (let round = 0; round < 500 && queue.progress().active; round += 1) {
            for (const call of service.open()) service.answer(call, ok());
            await settle();
            clock.advance(60_000);
            await settle();
          }
          const progress = queue.progress();
          expect(progress.active).toBe(false);
          expect(progress.done + progress.failed).toBe(count);
          expect(service.mostInFlight()).toBeLessThanOrEqual(concurrency);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('runs each key once when all goes well, in order, and reports the values', async () => {
    const { service, queue } = setUp(6, 2);
    queue.start();
    expect(service.calls.map((call) => call.key)).toEqual(['k0', 'k1']);
    for (let round = 0; round < 3; round += 1) {
      for (const call of service.open()) service.answer(call, ok(`v-${call.key}`));
      await settle();
    }
    expect(service.calls.map((call) => call.key)).toEqual(keys(6));
    expect(queue.state('k5')).toEqual({ status: 'done', value: 'v-k5', attempts: 1 });
    expect(queue.progress()).toMatchObject({ done: 6, active: false });
  });

  it('retries a transient failure twice with backoff, freeing its slot meanwhile, then reports it failed', async () => {
    const { clock, service, queue } = setUp(3, 1);
    queue.start();
    service.answer(service.calls[0]!, { ok: false, error: { kind: 'transient' } });
    await settle();
    expect(queue.state('k0')).toEqual({ status: 'backoff', attempt: 1 });
    // The slot went to the next key while k0 waits.
    expect(service.calls.map((call) => call.key)).toEqual(['k0', 'k1']);
    service.answer(service.calls[1]!, ok());
    await settle();
    expect(service.open().map((call) => call.key)).toEqual(['k2']);
    clock.advance(499);
    expect(service.askedFor('k0')).toBe(1);
    clock.advance(1);
    await settle();
    // After its 500 ms k0 is at the head of the queue: it takes the next free slot.
    expect(queue.state('k0')).toEqual({ status: 'queued' });
    service.answer(service.open()[0]!, ok());
    await settle();
    expect(service.open().map((call) => call.key)).toEqual(['k0']);
    service.answer(service.open()[0]!, { ok: false, error: { kind: 'transient' } });
    await settle();
    expect(queue.state('k0')).toEqual({ status: 'backoff', attempt: 2 });
    clock.advance(999);
    await settle();
    expect(service.askedFor('k0')).toBe(2);
    clock.advance(1);
    await settle();
    service.answer(service.open()[0]!, { ok: false, error: { kind: 'transient' } });
    await settle();
    expect(queue.state('k0')).toEqual({ status: 'failed', reason: '503', attempts: 3 });
    expect(service.askedFor('k0')).toBe(3);
    expect(clock.pending()).toBe(0);
    expect(queue.progress()).toMatchObject({ done: 2, failed: 1, active: false });
  });

  it('reports a final failure at once, without retrying', async () => {
    const { service, queue } = setUp(1, 1);
    queue.start();
    service.answer(service.calls[0]!, { ok: false, error: { kind: 'final' } });
    await settle();
    expect(queue.state('k0')).toEqual({ status: 'failed', reason: '400', attempts: 1 });
    expect(service.calls).toHaveLength(1);
  });

  it('on a 429 starts nothing until Retry-After has passed, halves the concurrency once, then grows back', async () => {
    const { clock, service, queue } = setUp(40, 4, { raiseAfter: 2 });
    queue.start();
    expect(service.open()).toHaveLength(4);
    const [first, second, third, fourth] = service.open();
    service.answer(first!, { ok: false, error: { kind: 'rateLimited', waitMs: 5000 } });
    await settle();
    expect(queue.progress()).toMatchObject({ concurrency: 2, pausedUntil: 5000 });
    // A second 429 of the same episode (sent before the pause) does not cut again.
    service.answer(second!, { ok: false, error: { kind: 'rateLimited', waitMs: 3000 } });
    // Answers of requests already in flight still count; they start nothing.
    service.answer(third!, ok());
    service.answer(fourth!, ok());
    await settle();
    expect(queue.progress()).toMatchObject({ concurrency: 2, pausedUntil: 5000, running: 0 });
    expect(service.calls).toHaveLength(4);
    clock.advance(4999);
    await settle();
    expect(service.calls).toHaveLength(4);
    clock.advance(1);
    await settle();
    // The two refused keys go first, at the lowered concurrency.
    expect(service.open().map((call) => call.key)).toEqual(['k1', 'k0']);
    for (const call of service.open()) service.answer(call, ok());
    await settle();
    // Two successes: one more slot.
    expect(queue.progress().concurrency).toBe(3);
    expect(service.open()).toHaveLength(3);
    expect(service.askedFor('k0')).toBe(2);
    expect(service.askedFor('k1')).toBe(2);
  });

  it('without Retry-After waits a doubling fallback, and gives a key up after too many 429s', async () => {
    const { clock, service, queue } = setUp(1, 1, { rateLimitFallbackMs: 1000, maxRateLimits: 2 });
    queue.start();
    service.answer(service.open()[0]!, { ok: false, error: { kind: 'rateLimited', waitMs: null } });
    await settle();
    expect(queue.progress().pausedUntil).toBe(1000);
    clock.advance(1000);
    await settle();
    service.answer(service.open()[0]!, { ok: false, error: { kind: 'rateLimited', waitMs: null } });
    await settle();
    expect(queue.progress().pausedUntil).toBe(1000 + 2000);
    clock.advance(2000);
    await settle();
    service.answer(service.open()[0]!, { ok: false, error: { kind: 'rateLimited', waitMs: null } });
    await settle();
    expect(queue.state('k0')).toEqual({ status: 'failed', reason: '429', attempts: 1 });
  });

  it('stop() cancels what is queued, waiting or paused and aborts what is in flight', async () => {
    const { clock, service, queue } = setUp(10, 3);
    queue.start();
    service.answer(service.calls[0]!, { ok: false, error: { kind: 'transient' } }); // k0 backs off
    await settle();
    const inFlight = service.open();
    expect(inFlight.map((call) => call.key)).toEqual(['k1', 'k2', 'k3']);
    queue.stop();
    expect(inFlight.every((call) => call.signal.aborted)).toBe(true);
    await settle();
    clock.advance(60_000);
    await settle();
    // Nothing more was asked, and every key not done says stopped.
    expect(service.calls).toHaveLength(4);
    expect(clock.pending()).toBe(0);
    expect(queue.progress()).toMatchObject({ stopped: 10, running: 0, active: false });

    // A 429 pause is cancelled too.
    const paused = setUp(3, 1);
    paused.queue.start();
    paused.service.answer(paused.service.calls[0]!, {
      ok: false,
      error: { kind: 'rateLimited', waitMs: 9000 },
    });
    await settle();
    paused.queue.stop();
    expect(paused.clock.pending()).toBe(0);
    expect(paused.queue.progress()).toMatchObject({ pausedUntil: null, stopped: 3 });
  });

  it('a stopped batch resumed at once does not exceed the concurrency while aborted calls finish', async () => {
    const clock = manualScheduler();
    let inFlight = 0;
    let most = 0;
    const pending: Array<() => void> = [];
    // A service that notices an abort only when the test lets it (a request the network still carries).
    const queue = createTaskQueue<string, string, string>({
      keys: keys(8),
      concurrency: 2,
      scheduler: clock.scheduler,
      judge,
      run: () =>
        new Promise((resolve) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          pending.push(() => {
            inFlight -= 1;
            resolve('ok');
          });
        }),
    });
    queue.start();
    queue.stop();
    expect(queue.retry('stopped')).toBe(8);
    expect(inFlight).toBe(2);
    while (pending.length > 0) {
      pending.shift()?.();
      await settle();
      expect(inFlight).toBeLessThanOrEqual(2);
    }
    expect(most).toBe(2);
    expect(queue.progress()).toMatchObject({ done: 8, active: false });
  });

  it("retry('failed') runs again exactly the failed keys", async () => {
    const { service, queue } = setUp(6, 6);
    queue.start();
    for (const call of service.open())
      service.answer(call, ['k1', 'k4'].includes(call.key) ? { ok: false, error: { kind: 'final' } } : ok());
    await settle();
    expect(queue.progress()).toMatchObject({ done: 4, failed: 2 });
    expect(queue.retry('failed')).toBe(2);
    expect(service.open().map((call) => call.key)).toEqual(['k1', 'k4']);
    for (const call of service.open()) service.answer(call, ok());
    await settle();
    expect(queue.progress()).toMatchObject({ done: 6, failed: 0, active: false });
    for (const key of keys(6)) expect(service.askedFor(key)).toBe(['k1', 'k4'].includes(key) ? 2 : 1);
  });

  it('an interrupted task goes back to the head, uncounted; hold() starts nothing until release()', async () => {
    const { service, queue } = setUp(3, 1);
    queue.start();
    queue.hold();
    service.answer(service.open()[0]!, { ok: false, error: { kind: 'interrupted' } });
    await settle();
    expect(service.calls).toHaveLength(1);
    expect(queue.progress()).toMatchObject({ held: true, queued: 3, active: true });
    queue.release();
    expect(service.open().map((call) => call.key)).toEqual(['k0']);
    service.answer(service.open()[0]!, ok());
    await settle();
    expect(queue.state('k0')).toEqual({ status: 'done', value: 'ok', attempts: 1 });
  });

  it('averages the time a task takes', async () => {
    const { clock, service, queue } = setUp(2, 1);
    queue.start();
    clock.advance(100);
    service.answer(service.open()[0]!, ok());
    await settle();
    expect(queue.progress().msPerTask).toBe(100);
    clock.advance(200);
    service.answer(service.open()[0]!, ok());
    await settle();
    expect(queue.progress().msPerTask).toBeCloseTo(120);
  });
});
