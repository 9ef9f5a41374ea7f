/**
 * Load on the gateway: one nginx in gateway mode (the deployment's own files, `npm run serve:nginx --
 * --gateway`) serving the app and proxying status lookups to the HTTP sandbox, driven by autocannon from
 * this process: 200 connections for 30 s, each request a `GET /api/v1/cards/request/<cpf>/` of one of
 * 1,000 seeded CPFs in turn, with the sandbox operator's bearer token. Loopback only, bounded in time (the
 * duration) and in count (MAX_REQUESTS).
 *
 * Per run: every request answered 2xx (non-2xx, errors and time-outs counted), none lost (as many answered
 * as sent: see loadGateway), the latency's p50/p99/max over every answer, and the requests per second. The part `gateway` of `npm run bench` (`--only
 * gateway`); its goals are in bench/goals.ts.
 */
import autocannon from 'autocannon';
import { seededAnalysisCpfs } from '@/sandbox/seed';
import { withGateway, type BenchContext, type BenchPart, type PartResult } from './harness';

export const GATEWAY_LOAD = {
  connections: 200,
  durationSeconds: 30,
  cpfs: 1000,
  /** A ceiling on the count whatever the speed: far above what 30 s on this machine reaches. */
  maxRequests: 2_000_000,
  /** Per request, past which autocannon counts a time-out: the app's default requestTimeoutMs, 15 s. */
  timeoutSeconds: 15,
};

export interface GatewayRunFigures {
  /** Requests the rounds were to send. */
  planned: number;
  seconds: number;
  sent: number;
  answered: number;
  ok: number;
  non2xx: number;
  /** Connection errors, time-outs included. */
  errors: number;
  timeouts: number;
  /** Sent but never answered. */
  lost: number;
  /** All that went wrong: non-2xx, errors (time-outs included) and lost requests. */
  failed: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

type Options = autocannon.Options;

/**
 * One autocannon run; `onLatency` gets each answer's time. `stopAfterMs` ends it whatever is left (what
 * was not answered by then is lost).
 */
function cannon(
  options: Options,
  stopAfterMs: number,
  onLatency: (ms: number) => void = () => undefined,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      clearTimeout(watchdog);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
    const watchdog = setTimeout(() => instance.stop(), stopAfterMs);
  });
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

/**
 * One load run against `url`. autocannon cuts the requests in flight when a timed run ends, which would
 * count as lost; so the load is sent in rounds of a given count, each waiting for every answer, sized from
 * the rate so far to fill `durationSeconds` (a 3 s warm-up, not counted, gives the first rate), until that
 * time is up. A watchdog stops a round at three times the duration: what was unanswered then is lost.
 */
export async function loadGateway(url: string, load = GATEWAY_LOAD): Promise<GatewayRunFigures> {
  const paths = seededAnalysisCpfs(load.cpfs).map((cpf) => `/api/v1/cards/request/${cpf}/`);
  let next = 0;
  const common: Options = {
    url,
    connections: load.connections,
    timeout: load.timeoutSeconds,
    headers: { Authorization: 'Bearer sandbox-operator', Accept: 'application/json' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next % paths.length] ?? '/';
          next += 1;
          return request;
        },
      },
    ],
  };
  const warmUp = await cannon({ ...common, duration: 3 }, 10_000);
  let rate = Math.max(1, warmUp.requests.average);
  const totals = { planned: 0, sent: 0, answered: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const latencies: number[] = [];
  const startedAt = Date.now();
  const elapsed = () => (Date.now() - startedAt) / 1000;
  while (elapsed() < load.durationSeconds - 1 && totals.planned < load.maxRequests) {
    const amount = Math.min(
      load.maxRequests - totals.planned,
      Math.max(load.connections * 5, Math.round(rate * (load.durationSeconds - elapsed()))),
    );
    const result = await cannon({ ...common, amount }, load.durationSeconds * 3 * 1000, (ms) =>
      latencies.push(ms),
    );
    totals.planned += amount;
    totals.sent += result.requests.sent;
    totals.answered += result.requests.total;
    totals.ok += result['2xx'];
    totals.non2xx += result.non2xx;
    totals.errors += result.errors;
    totals.timeouts += result.timeouts;
    rate = Math.max(1, totals.answered / elapsed());
  }
  const seconds = elapsed();
  // autocannon's errors include its time-outs; a request neither answered nor failed is lost.
  const lost = Math.max(0, totals.sent - totals.answered - totals.errors);
  latencies.sort((a, b) => a - b);
  return {
    ...totals,
    seconds,
    lost,
    failed: totals.non2xx + totals.errors + lost,
    requestsPerSecond: totals.answered / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? NaN,
  };
}

/** Where the load went: through nginx in gateway mode, or straight to the sandbox (the floor). */
export interface GatewayFigures {
  gateway: GatewayRunFigures[];
  sandboxAlone: GatewayRunFigures[];
}

export function gatewayPartResult(figures: GatewayFigures): PartResult {
  const row = (label: string, runs: GatewayRunFigures[]) => {
    const runsOf = (pick: (run: GatewayRunFigures) => number) => runs.map(pick);
    return {
      table: `Gateway under load: ${GATEWAY_LOAD.connections} connections for about ${GATEWAY_LOAD.durationSeconds} s, GET /api/v1/cards/request/{cpf}/ of ${GATEWAY_LOAD.cpfs} CPFs`,
      label,
      cells: [
        { column: 'seconds', unit: 'count' as const, runs: runsOf((run) => run.seconds) },
        { column: 'sent', unit: 'count' as const, runs: runsOf((run) => run.sent) },
        { column: 'answered 2xx', unit: 'count' as const, runs: runsOf((run) => run.ok) },
        { column: 'non-2xx', unit: 'count' as const, runs: runsOf((run) => run.non2xx) },
        { column: 'errors', unit: 'count' as const, runs: runsOf((run) => run.errors) },
        { column: 'time-outs', unit: 'count' as const, runs: runsOf((run) => run.timeouts) },
        { column: 'lost', unit: 'count' as const, runs: runsOf((run) => run.lost) },
        { column: 'requests/s', unit: 'count' as const, runs: runsOf((run) => run.requestsPerSecond) },
        { column: 'p50', unit: 'ms' as const, runs: runsOf((run) => run.p50Ms) },
        { column: 'p99', unit: 'ms' as const, runs: runsOf((run) => run.p99Ms) },
        { column: 'max', unit: 'ms' as const, runs: runsOf((run) => run.maxMs) },
      ],
    };
  };
  return {
    rows: [
      row('through nginx in gateway mode', figures.gateway),
      row('the sandbox alone (no nginx), same load', figures.sandboxAlone),
    ],
    goals: [
      { id: 'gatewayFailed', runs: figures.gateway.map((run) => run.failed) },
      { id: 'gatewayP99', runs: figures.gateway.map((run) => run.p99Ms) },
    ],
    raw: figures,
  };
}

export const gatewayPart: BenchPart = {
  name: 'gateway',
  goals: ['gatewayFailed', 'gatewayP99'],
  ports: ({ ports }) => [
    [ports.appSandbox, 'the sandbox (gateway)'],
    [ports.appPreview, 'nginx in gateway mode (gateway)'],
  ],
  async run(context: BenchContext) {
    // One load run each per invocation: 30 s at 200 connections is already many thousand samples. The
    // sandbox alone, after, says how much of the figure is the provider stand-in's own.
    const figures = await withGateway(
      context,
      ['--seed-analyses', String(GATEWAY_LOAD.cpfs)],
      async (appUrl, sandboxUrl) => {
        const gateway = await loadGateway(appUrl);
        context.log(describe('through the gateway', gateway));
        const sandboxAlone = await loadGateway(sandboxUrl);
        context.log(describe('the sandbox alone', sandboxAlone));
        return { gateway: [gateway], sandboxAlone: [sandboxAlone] };
      },
    );
    return gatewayPartResult(figures);
  },
};

function describe(what: string, run: GatewayRunFigures): string {
  return `gateway: ${what}: ${run.sent} sent in ${run.seconds} s, ${run.ok} answered 2xx, ${run.failed} failed, p99 ${run.p99Ms} ms, ${Math.round(run.requestsPerSecond)}/s`;
}
