/**
 * The test's hand on the HTTP sandbox: reset to the seed, faults, held requests, the last request it
 * processed, its counters. The `sandbox` fixture gives every test one, pointed at its project's store;
 * specs that provoke a failure or count requests call it.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export type FaultEndpoint =
  'products' | 'creditRequest' | 'analysisStatus' | 'createVirtualCard' | 'cancelCard' | 'allAccounts' | '*';

export interface Fault {
  endpoint: FaultEndpoint;
  kind: string;
  times?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
}

/** Drives the HTTP sandbox's control endpoints (docs/sandbox.md). */
export class SandboxControl {
  constructor(
    private readonly request: APIRequestContext,
    /** The store's base: the test's lane (e2e/support/sandbox-stores.ts). */
    readonly base: string,
  ) {}

  async reset(
    options: {
      accountCount?: number;
      ignoreIdempotencyKey?: boolean;
      corsRefusesIdempotencyKey?: boolean;
      /** Every answer of the interface this late (a slow provider). */
      latencyMs?: number;
      seedAnalyses?: number;
      statusDelayMs?: number;
    } = {},
  ) {
    const response = await this.request.post(`${this.base}/__sandbox/reset`, { data: options });
    expect(response.ok()).toBe(true);
  }

  async fault(fault: Fault) {
    const response = await this.request.post(`${this.base}/__sandbox/faults`, { data: fault });
    expect(response.ok()).toBe(true);
  }

  /** Drops every fault not yet used up, and lets every request a fault holds go on. */
  async clearFaults() {
    const response = await this.request.delete(`${this.base}/__sandbox/faults`);
    expect(response.ok()).toBe(true);
  }

  /** The faults not yet used up, with how many requests each still awaits (null: every one). */
  async faults(): Promise<Array<Fault & { remaining: number | null }>> {
    const response = await this.request.get(`${this.base}/__sandbox/faults`);
    expect(response.ok()).toBe(true);
    const answer = (await response.json()) as { faults: Array<Fault & { remaining: number | null }> };
    return answer.faults;
  }

  /** Lets every request a `delay` fault holds go on now and answer as it would have. */
  async proceedHeld() {
    const response = await this.request.post(`${this.base}/__sandbox/faults/proceed`);
    expect(response.ok()).toBe(true);
  }

  /** The last credit request body the sandbox processed (and its Idempotency-Key), or null. */
  async lastRequest(endpoint: FaultEndpoint): Promise<unknown> {
    const response = await this.request.get(`${this.base}/__sandbox/last-request?endpoint=${endpoint}`);
    expect(response.ok()).toBe(true);
    const answer: unknown = await response.json();
    return typeof answer === 'object' && answer !== null && 'request' in answer ? answer.request : null;
  }

  async stats(): Promise<unknown> {
    const response = await this.request.get(`${this.base}/__sandbox/stats`);
    expect(response.ok()).toBe(true);
    return response.json();
  }
}
