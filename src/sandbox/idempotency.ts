import type { SandboxEndpoint } from './faults';
import { isSuccess, type SandboxReply } from './reply';

interface IdempotencyEntry {
  endpoint: SandboxEndpoint;
  key: string;
  requests: number;
  reply: SandboxReply | null;
  pending: Promise<SandboxReply> | null;
}

/** What the sandbox remembers per endpoint and Idempotency-Key: the reply to give a repeat. */
export class IdempotencyRecords {
  private readonly entries = new Map<string, IdempotencyEntry>();

  /**
   * Runs `execute` at most once per endpoint and key: a repeat gets the stored successful reply, and a
   * repeat that arrives while the first is still running waits for it. Failures are not stored (nothing
   * took effect), so a corrected retry with the same key runs.
   */
  async run(
    endpoint: SandboxEndpoint,
    key: string,
    execute: () => Promise<SandboxReply>,
  ): Promise<SandboxReply> {
    const id = `${endpoint} ${key}`;
    const entry = this.entries.get(id) ?? { endpoint, key, requests: 0, reply: null, pending: null };
    this.entries.set(id, entry);
    entry.requests += 1;
    if (entry.reply) return entry.reply;
    if (entry.pending) return entry.pending;
    entry.pending = execute();
    try {
      const reply = await entry.pending;
      if (isSuccess(reply)) entry.reply = reply;
      return reply;
    } finally {
      entry.pending = null;
    }
  }

  /** Every key seen, with how many requests carried it. */
  keys(): Array<{ endpoint: SandboxEndpoint; key: string; requests: number }> {
    return [...this.entries.values()].map(({ endpoint, key, requests }) => ({ endpoint, key, requests }));
  }
}
