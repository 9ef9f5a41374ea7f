import { createReportQueue, type ReportBatch } from './report-queue';
import type { ReportEvent } from './report-events';

const event = (n: number): ReportEvent => ({
  type: 'api',
  at: '2026-11-25T12:00:00.000Z',
  route: 'cards',
  operation: 'POST /v1/cards/cancel/',
  kind: 'http',
  status: 500,
  durationMs: n,
});

/** A queue driven by Vitest's fake timers; `sent` holds every batch, parsed. */
function setup(options: { perMinute?: number; maxBatch?: number; flushAfterMs?: number } = {}) {
  const sent: ReportBatch[] = [];
  const queue = createReportQueue({
    environment: 'Homologação',
    send: (body) => sent.push(JSON.parse(body) as ReportBatch),
    ...options,
  });
  return { queue, sent };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('report batching', () => {
  it('sends one batch flushAfterMs after the first event, with everything that came meanwhile', () => {
    const { queue, sent } = setup({ flushAfterMs: 10_000 });
    queue.add(event(1));
    vi.advanceTimersByTime(4_000);
    queue.add(event(2));
    vi.advanceTimersByTime(5_999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      schema: 1,
      app: 'cartoes-backoffice',
      environment: 'Homologação',
      dropped: 0,
      sentAt: '2026-11-25T12:00:10.000Z',
    });
    expect(sent[0]?.events.map((e) => e.type === 'api' && e.durationMs)).toEqual([1, 2]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1); // nothing new, nothing sent
  });

  it('sends at once when a batch is full, and on flush (the page is being hidden)', () => {
    const { queue, sent } = setup({ maxBatch: 3 });
    for (let n = 0; n < 4; n += 1) queue.add(event(n));
    expect(sent.map((batch) => batch.events.length)).toEqual([3]);
    queue.flush();
    expect(sent.map((batch) => batch.events.length)).toEqual([3, 1]);
    queue.flush();
    expect(sent).toHaveLength(2); // an empty queue sends nothing
  });
});

describe('report rate limit', () => {
  it('accepts perMinute events a minute, drops the rest and says how many in the next batch', () => {
    const { queue, sent } = setup({ perMinute: 5, maxBatch: 100 });
    for (let n = 0; n < 12; n += 1) queue.add(event(n));
    queue.flush();
    expect(sent[0]?.events).toHaveLength(5);
    expect(sent[0]?.dropped).toBe(7);

    // Still the same minute: dropped, counted, and the count goes out on its own.
    queue.add(event(99));
    vi.advanceTimersByTime(10_000);
    expect(sent[1]).toMatchObject({ events: [], dropped: 1 });

    // A new minute accepts again.
    vi.advanceTimersByTime(50_000);
    queue.add(event(100));
    queue.flush();
    expect(sent[2]).toMatchObject({ dropped: 0 });
    expect(sent[2]?.events).toHaveLength(1);
  });

  it('a loop of errors costs at most one batch per flush, however fast it spins', () => {
    const { queue, sent } = setup();
    for (let n = 0; n < 10_000; n += 1) queue.add(event(n));
    queue.flush();
    const events = sent.reduce((sum, batch) => sum + batch.events.length, 0);
    expect(events).toBe(60);
    expect(sent.at(-1)?.dropped).toBe(9_940);
  });
});
