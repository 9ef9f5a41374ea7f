import * as z from 'zod/mini';
import type { endpoints } from '@/api/endpoints';

/**
 * Fault injection (docs/requirements.md, fault injection). A fault is matched by endpoint name, consumed once per
 * matching request (`times`), and everything is deterministic: no randomness, no wall-clock decisions.
 */

export type SandboxEndpoint = keyof typeof endpoints;

export const sandboxEndpoints = [
  'products',
  'creditRequest',
  'analysisStatus',
  'createVirtualCard',
  'cancelCard',
  'allAccounts',
] as const satisfies readonly SandboxEndpoint[];

export const faultKinds = [
  '500',
  '502',
  '503',
  '401',
  '403',
  '404',
  '409',
  '400',
  '400-list',
  '429',
  'malformed',
  'empty200',
  'schemaDrift',
  'xssData',
  'delay',
  'hang',
  'reset',
  'commitThenReset',
  // Commits, then the HTTP server resets the connection before any byte of an answer: on a reused
  // keep-alive connection a browser resends the request by itself (docs/sandbox.md). In the worker and
  // msw/node it is a network error, as commitThenReset.
  'commitThenDrop',
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** Strict, so a typo such as `time` instead of `times` is refused instead of silently ignored. */
export const faultInputSchema = z.strictObject({
  endpoint: z.enum([...sandboxEndpoints, '*']),
  kind: z.enum(faultKinds),
  /** How many matching requests it applies to; 0 means every one until reset. */
  times: z._default(z.int().check(z.gte(0)), 1),
  /** Wait before answering; for kind `delay` this is the whole fault. */
  delayMs: z.optional(z.int().check(z.gte(0), z.lte(600_000))),
  /** Value of the Retry-After header (kind 429, and 503 when given). */
  retryAfterSeconds: z.optional(z.int().check(z.gte(0), z.lte(86_400))),
});
export type FaultInput = z.input<typeof faultInputSchema>;
export type Fault = z.output<typeof faultInputSchema>;

/** Wait used by kind `delay` when no delayMs is given. */
export const DEFAULT_DELAY_MS = 2_000;
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

interface ActiveFault {
  fault: Fault;
  /** Requests still to hit; Infinity when times is 0. */
  remaining: number;
}

export class FaultRegistry {
  private active: ActiveFault[] = [];
  private release = new AbortController();
  private proceed = new AbortController();

  /** Validates and queues a fault; throws a ZodError on a bad one. Returns the stored fault. */
  add(input: FaultInput): Fault {
    const fault = faultInputSchema.parse(input);
    this.active.push({ fault, remaining: fault.times === 0 ? Infinity : fault.times });
    return fault;
  }

  /** The first queued fault for `endpoint` (or '*'), counted down by one; undefined when none applies. */
  take(endpoint: SandboxEndpoint): Fault | undefined {
    const index = this.active.findIndex(
      (entry) => entry.fault.endpoint === endpoint || entry.fault.endpoint === '*',
    );
    const entry = this.active[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.active.splice(index, 1);
    return entry.fault;
  }

  list(): Array<Fault & { remaining: number | null }> {
    return this.active.map(({ fault, remaining }) => ({
      ...fault,
      remaining: Number.isFinite(remaining) ? remaining : null,
    }));
  }

  /**
   * Aborted when the faults are cleared. Requests held by `hang` or `delay` wait on it, so a reset
   * between tests lets them go instead of answering into the next test.
   */
  get releaseSignal(): AbortSignal {
    return this.release.signal;
  }

  /**
   * Aborted by `proceedHeld`. A `delay` waits on it too, so a test can hold a request for as long as it
   * looks at the pending screen and then let it answer, instead of racing a fixed wait.
   */
  get proceedSignal(): AbortSignal {
    return this.proceed.signal;
  }

  /** Ends every `delay` under way now: those requests go on and answer as the provider would. */
  proceedHeld(): void {
    this.proceed.abort();
    this.proceed = new AbortController();
  }

  /** Drops every fault and releases held requests. Returns how many faults were dropped. */
  clear(): number {
    const dropped = this.active.length;
    this.active = [];
    this.release.abort();
    this.release = new AbortController();
    return dropped;
  }
}
