// @vitest-environment node
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@/api/endpoints';
import { startSandboxHttpServer, type SandboxHttpServer } from './http-server';

/**
 * `commitThenDrop` and `ignoreIdempotencyKey` over real TCP: the POST commits, then the connection is reset
 * before any byte of an answer (so a browser on a reused keep-alive connection resends it by itself, which
 * the e2e suite shows with Chromium), and a sandbox told to ignore the key runs such a repeat again.
 */

let server: SandboxHttpServer;
let agent: Agent;

beforeAll(async () => {
  server = await startSandboxHttpServer({ port: 0 });
});
afterEach(() => {
  agent.destroy();
  server.store.reset();
});
afterAll(() => server.close());

interface Outcome {
  status?: number;
  bytes: number;
  error?: string;
  reusedSocket: boolean;
}

/** One request on the shared keep-alive agent; resolves with what arrived (never rejects). */
function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return new Promise<Outcome>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(`${server.origin}${path}`, {
      method,
      agent,
      headers: {
        Authorization: 'Bearer sandbox-operator',
        ...(payload ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
    });
    let bytes = 0;
    req.on('response', (res) => {
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, reusedSocket: req.reusedSocket }));
      res.on('error', (error) =>
        resolve({ status: res.statusCode, bytes, error: error.message, reusedSocket: req.reusedSocket }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ bytes, error: error.code ?? error.message, reusedSocket: req.reusedSocket }),
    );
    req.end(payload);
  });
}

/** The first seeded account: its number is the code the default profile takes as the virtual card's `account`. */
const firstAccount = () => server.store.listAccounts()[0]!;
const createCard = (headers?: Record<string, string>) =>
  send('POST', `/api${endpoints.createVirtualCard()}`, { account: Number(firstAccount().account) }, headers);

describe('commitThenDrop over HTTP', () => {
  it('commits, then resets a reused keep-alive connection before any byte of an answer', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send('GET', `/api${endpoints.products()}`)).status).toBe(200);
    server.store.faults.add({ endpoint: 'createVirtualCard', kind: 'commitThenDrop' });

    const lost = await createCard();
    expect(lost.reusedSocket).toBe(true);
    expect(lost.status).toBeUndefined();
    expect(lost.bytes).toBe(0);
    expect(lost.error).toBe('ECONNRESET');
    expect(server.store.stats().virtualCardsPerAccount).toEqual({ [firstAccount().accountId]: 1 });
  });

  it('the older commitThenReset still sends headers first (no silent resend possible)', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    server.store.faults.add({ endpoint: 'createVirtualCard', kind: 'commitThenReset' });
    const lost = await createCard();
    expect(lost.status).toBe(200);
    expect(lost.error).toBeDefined();
  });

  it('a resend with the same key is answered from the first result; ignoring the key creates a second card', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const key = { 'Idempotency-Key': 'k-0001' };
    server.store.faults.add({ endpoint: 'createVirtualCard', kind: 'commitThenDrop' });
    await createCard(key);
    expect((await createCard(key)).status).toBe(200);
    expect(server.store.stats().virtualCardsPerAccount).toEqual({ [firstAccount().accountId]: 1 });

    server.store.reset({ ignoreIdempotencyKey: true });
    expect(server.store.ignoresIdempotencyKey).toBe(true);
    server.store.faults.add({ endpoint: 'createVirtualCard', kind: 'commitThenDrop' });
    await createCard(key);
    expect((await createCard(key)).status).toBe(200);
    expect(server.store.stats().virtualCardsPerAccount).toEqual({ [firstAccount().accountId]: 2 });

    // A plain reset goes back to honouring the key.
    server.store.reset();
    expect(server.store.ignoresIdempotencyKey).toBe(false);
  });

  it('the control endpoint sets and reports ignoreIdempotencyKey, and refuses a non-boolean', async () => {
    agent = new Agent({ keepAlive: false });
    const refused = await send('POST', '/__sandbox/reset', { ignoreIdempotencyKey: 'yes' });
    expect(refused.status).toBe(400);
    const answer = await fetch(`${server.origin}/__sandbox/reset`, {
      method: 'POST',
      body: JSON.stringify({ ignoreIdempotencyKey: true }),
    });
    expect(await answer.json()).toMatchObject({ reset: true, ignoreIdempotencyKey: true });
    expect(server.store.ignoresIdempotencyKey).toBe(true);
  });
});
