/** Waits `ms`, or less if `signal` aborts first. Never rejects. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** The options of a sandbox store and their bounds: what a transport, a test or the control API may set. */

export const MAX_ACCOUNT_COUNT = 100_000;
export const MAX_LATENCY_MS = 60_000;
/** The most extra CPFs `seedAnalyses` can seed. */
export const MAX_SEEDED_ANALYSES = 10_000;

export interface SandboxStoreOptions {
  /** Number of seeded accounts (default 30). */
  accountCount?: number;
  /** How long a submitted application stays EM_ANALISE (default 30 s of sandbox clock). */
  decisionDelayMs?: number;
  /**
   * Behave as a provider that does not know `Idempotency-Key`: every request runs, repeats included
   * (default false). For testing the app with `sendIdempotencyKey` off against a real transport.
   */
  ignoreIdempotencyKey?: boolean;
  /**
   * (HTTP server) Answer CORS preflights without `Idempotency-Key` in `Access-Control-Allow-Headers`,
   * as a provider that never heard of the header: a browser then refuses to send any request that
   * carries it (a TypeError before anything leaves). Default false.
   */
  corsRefusesIdempotencyKey?: boolean;
  /**
   * How long every answer of the interface takes, before any fault or effect (default: the profile's,
   * 1.5 s for `slow`, else 0). Tests run the same gestures against a provider answering at once and one
   * taking 1.5 s.
   */
  latencyMs?: number;
  /**
   * Extra CPFs with analyses, beyond the named ones (default 0): valid check digits, deterministic
   * (`seededAnalysisCpfs` in seed.ts lists them), for batch lookups of hundreds of CPFs.
   */
  seedAnalyses?: number;
  /** Wait before every status lookup answer (default 0): a provider answering in 50 ms, say. */
  statusDelayMs?: number;
  seed?: number;
  /** The clock; tests inject one. `advanceClock` adds to it. */
  now?: () => number;
  /** Used by the `delay` fault; tests inject one so that nothing really waits. */
  sleep?: Sleep;
  /**
   * Checks a bearer token the sandbox's own tokens do not know, e.g. an access token from the test
   * identity provider (`npm run sandbox -- --oidc`): its scopes, or null to refuse it as unknown.
   */
  verifyExternalToken?: ExternalTokenVerifier;
  /** Which readings of the interface's open points to answer with (src/sandbox/profiles.ts). */
  profile?: string;
}

export type ExternalTokenVerifier = (
  token: string,
) => Promise<
  { ok: true; subject: string; scopes: readonly string[] } | { ok: false; reason: 'unknown' | 'expired' }
>;

export type ResetOptions = Pick<
  SandboxStoreOptions,
  | 'accountCount'
  | 'decisionDelayMs'
  | 'ignoreIdempotencyKey'
  | 'corsRefusesIdempotencyKey'
  | 'latencyMs'
  | 'seedAnalyses'
  | 'statusDelayMs'
>;

function resolveCount(value: number | undefined, fallback: number, min: number, max: number): number {
  const count = value ?? fallback;
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new RangeError(`expected an integer ${min}..${max}, got ${count}`);
  }
  return count;
}

export function resolveSettings(
  options: ResetOptions,
  fallback: Required<ResetOptions>,
): Required<ResetOptions> {
  return {
    accountCount: resolveCount(options.accountCount, fallback.accountCount, 1, MAX_ACCOUNT_COUNT),
    decisionDelayMs: resolveCount(
      options.decisionDelayMs,
      fallback.decisionDelayMs,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    ignoreIdempotencyKey: options.ignoreIdempotencyKey ?? fallback.ignoreIdempotencyKey,
    corsRefusesIdempotencyKey: options.corsRefusesIdempotencyKey ?? fallback.corsRefusesIdempotencyKey,
    latencyMs: resolveCount(options.latencyMs, fallback.latencyMs, 0, MAX_LATENCY_MS),
    seedAnalyses: resolveCount(options.seedAnalyses, fallback.seedAnalyses, 0, MAX_SEEDED_ANALYSES),
    statusDelayMs: resolveCount(options.statusDelayMs, fallback.statusDelayMs, 0, 600_000),
  };
}
