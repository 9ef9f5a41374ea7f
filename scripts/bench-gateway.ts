/**
 * Load on the gateway: one nginx in gateway mode (the deployment's own files, `npm run serve:nginx --
 * --gateway`) serving the app and proxying status lookups to the HTTP sandbox, driven by autocannon from
 * this process: 200 connections for 30 s, each request a `GET /api/v1/cards/request/<cpf>/` of one of
 * 1,000 seeded CPFs in turn, with the sandbox operator's bearer token. Loopback only, bounded in time (the
 * duration) and in count (MAX_REQUESTS).
 *
 * Per run: every request answered 2xx (non-2xx, errors and time-outs counted), none lost (as many answered
 * as sent: see loadGateway), the latency's p50/p99/max and the requests per second. The part `gateway` of `npm run bench` (`--only
 * gateway`); its goals are in scripts/bench-goals.ts.
 */
import autocannon from 'autocannon';
import { seededAnalysisCpfs } from '../src/sandbox/seed';
import { withGateway, type BenchContext, type BenchPart, type PartResult } from './bench-harness';

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
  /** Requests the run was to send: the warm-up's rate times the duration. */
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

/** One autocannon run; `stopAfterMs` ends it whatever is left (what was not answered by then is lost). */
function cannon(options: Options, stopAfterMs: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      clearTimeout(watchdog);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
    const watchdog = setTimeout(() => instance.stop(), stopAfterMs);
  });
}

/**
 * One load run against a gateway already serving at `appUrl`. autocannon cuts the requests in flight
 * when a timed run ends, which would count as lost; so a 3 s warm-up measures the rate, and the run
 * proper sends the number of requests that rate fills `durationSeconds` with, and waits for every answer
 * (a watchdog stops it at three times the planned time, and whatever was unanswered then is lost).
 */
export async function loadGateway(appUrl: string, load = GATEWAY_LOAD): Promise<GatewayRunFigures> {
  const paths = seededAnalysisCpfs(load.cpfs).map((cpf) => `/api/v1/cards/request/${cpf}/`);
  let next = 0;
  const common: Options = {
    url: appUrl,
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
  const planned = Math.min(
    load.maxRequests,
    Math.max(load.connections, Math.round(warmUp.requests.average * load.durationSeconds)),
  );
  const result = await cannon({ ...common, amount: planned }, (load.durationSeconds * 3 + 10) * 1000);
  const sent = result.requests.sent;
  const answered = result.requests.total;
  // autocannon's errors include its time-outs; a request neither answered nor failed is lost.
  const lost = Math.max(0, sent - answered - result.errors);
  return {
    planned,
    seconds: result.duration,
    sent,
    answered,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    lost,
    failed: result.non2xx + result.errors + lost,
    requestsPerSecond: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
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
