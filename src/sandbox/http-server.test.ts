// @vitest-environment node
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountListResponseSchema } from '@/api/accounts/accounts-schema';
import { analysisStatusPageSchema } from '@/api/schemas/analysis-status';
import { endpoints } from '@/api/endpoints';
import { productListResponseSchema } from '@/api/schemas/products';
import { creditSuccessBodySchema } from './fault-replies';
import { buildCreditApplication } from '@/test/sandbox-requests';
import { MAX_LANES, startSandboxHttpServer, type SandboxHttpServer } from './http-server';
import { seededCpfs } from './seed';
import { createTestClient, readError } from '@/test/sandbox-client';

let server: SandboxHttpServer;
let client: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  server = await startSandboxHttpServer({ port: 0, now: () => Date.UTC(2026, 10, 21, 12, 0, 0) });
  client = createTestClient({
    baseUrl: server.baseUrl,
    accountsBaseUrl: server.accountsBaseUrl,
    controlUrl: `${server.origin}/__sandbox`,
  });
});
afterEach(() => server.store.reset());
afterAll(() => server.close());

describe('startSandboxHttpServer', () => {
  it('binds 127.0.0.1 on an ephemeral port and serves both bases', async () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.baseUrl).toBe(`http://127.0.0.1:${server.port}/api`);
    expect(server.accountsBaseUrl).toBe(`http://127.0.0.1:${server.port}/accounts`);
    const products = await client.api(endpoints.products());
    expect(products.status).toBe(200);
    expect(products.headers.get('cache-control')).toBe('no-store');
    expect(products.headers.get('x-content-type-options')).toBe('nosniff');
    productListResponseSchema.parse(await products.json());
    accountListResponseSchema.parse(await (await client.accounts()).json());
  });

  it('answers a CORS preflight with 204 and the allowed methods and headers', async () => {
    const response = await fetch(`${server.baseUrl}${endpoints.creditRequest()}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Idempotency-Key',
    );
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('leaves Idempotency-Key out of a preflight after a reset with corsRefusesIdempotencyKey', async () => {
    const preflight = () =>
      fetch(`${server.baseUrl}${endpoints.creditRequest()}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
        },
      });
    const reset = (body: unknown) =>
      fetch(`${server.origin}/__sandbox/reset`, { method: 'POST', body: JSON.stringify(body) });
    expect(await (await reset({ corsRefusesIdempotencyKey: true })).json()).toMatchObject({
      corsRefusesIdempotencyKey: true,
    });
    const refused = await preflight();
    expect(refused.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(refused.headers.get('access-control-max-age')).toBe('0');
    await reset({});
    expect((await preflight()).headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Idempotency-Key',
    );
  });

  it('adds CORS headers to answers, exposing Retry-After', async () => {
    server.store.faults.add({ endpoint: 'products', kind: '429', retryAfterSeconds: 3 });
    const response = await client.api(endpoints.products(), { headers: { Origin: 'http://localhost:5173' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After');
    expect(response.headers.get('retry-after')).toBe('3');
    const withoutOrigin = await client.api(endpoints.products());
    expect(withoutOrigin.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('runs a whole application flow end to end: submit, look up, decide', async () => {
    const submitted = await client.api(endpoints.creditRequest(), {
      body: buildCreditApplication(seededCpfs.freshDeclines),
      headers: { 'Idempotency-Key': 'e2e-1' },
    });
    expect(submitted.status).toBe(201);
    expect(creditSuccessBodySchema.parse(await submitted.json()).conteudo.Status).toBe('EM_ANALISE');
    await client.control('/advance-clock', { body: { ms: 30_000 } });
    const page = analysisStatusPageSchema.parse(
      await (await client.api(endpoints.analysisStatus(seededCpfs.freshDeclines))).json(),
    );
    expect(page.conteudo.resultados[0]?.Status).toBe('REPROVADO');
    const stats: unknown = await (await client.control('/stats')).json();
    expect(stats).toMatchObject({ applicationsPerCpf: { [seededCpfs.freshDeclines]: 1 } });
  });

  it('tells tests the last credit request it processed, and forgets it on reset', async () => {
    const empty: unknown = await (await client.control('/last-request?endpoint=creditRequest')).json();
    expect(empty).toEqual({ request: null });
    const body = buildCreditApplication(seededCpfs.freshApproves);
    await client.api(endpoints.creditRequest(), { body, headers: { 'Idempotency-Key': 'k-1' } });
    const last: unknown = await (await client.control('/last-request?endpoint=creditRequest')).json();
    expect(last).toEqual({ request: { body, idempotencyKey: 'k-1' } });
    expect((await client.control('/last-request?endpoint=nope')).status).toBe(400);
    server.store.reset();
    const afterReset: unknown = await (await client.control('/last-request?endpoint=creditRequest')).json();
    expect(afterReset).toEqual({ request: null });
  });

  it('answers Error objects for 401, 403, trailing-slash 404 and paths outside the bases', async () => {
    expect((await readError(await client.api(endpoints.products(), { token: null }))).error).toBe(
      'Unauthorized',
    );
    expect((await readError(await client.accounts({ token: 'sandbox-analyst' }))).error).toBe('Forbidden');
    expect((await client.call(`${server.baseUrl}/v1/products`)).status).toBe(404);
    for (const path of ['/', '/favicon.ico', '/apix/v1/products/']) {
      const response = await client.call(`${server.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      await readError(response);
    }
  });

  it('drops the connection for reset and commitThenReset, committing only the latter', async () => {
    server.store.faults.add({ endpoint: 'cancelCard', kind: 'reset' });
    server.store.faults.add({ endpoint: 'cancelCard', kind: 'commitThenReset' });
    // The answer starts (headers, so that a browser does not silently re-send) and is cut short.
    const cancel = async () =>
      (await client.api(endpoints.cancelCard(5004), { body: { cardCode: 5004 } })).text();
    await expect(cancel()).rejects.toThrow(TypeError);
    expect(server.store.stats().cancelsPerCard).toEqual({});
    await expect(cancel()).rejects.toThrow(TypeError);
    expect(server.store.stats().cancelsPerCard).toEqual({ '5004': 1 });
  });

  it('holds a hung request open until the sandbox is reset through the control endpoint', async () => {
    server.store.faults.add({ endpoint: 'products', kind: 'hang' });
    let settled = false;
    const answer = client
      .api(endpoints.products())
      .then((response) => response.text())
      .finally(() => {
        settled = true;
      });
    await vi.waitFor(() => expect(server.store.stats().requestsPerEndpoint.products).toBe(1));
    expect(settled).toBe(false);
    expect((await client.control('/reset', { method: 'POST' })).status).toBe(200);
    await expect(answer).rejects.toThrow(TypeError);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const response = await client.api(endpoints.creditRequest(), { rawBody: 'x'.repeat(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect((await readError(response)).error).toBe('Content Too Large');
  });

  it('refuses a request target that is not a path', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: server.port, path: 'http://example.test/api/v1/products/' },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(400);
  });
});

describe('lanes', () => {
  it('makes a lane on its first request, over its own store, with its own control endpoints', async () => {
    const laned = await startSandboxHttpServer({ port: 0, lanes: true });
    try {
      const lane = `${laned.origin}/lanes/w0`;
      expect(laned.laneStores.size).toBe(0);
      await fetch(`${lane}/__sandbox/faults`, {
        method: 'POST',
        body: JSON.stringify({ endpoint: 'products', kind: '500' }),
      });
      const laneStore = laned.laneStores.get('lanes/w0');
      expect(laneStore?.faults.list()).toHaveLength(1);
      expect(laned.store.faults.list()).toHaveLength(0);
      const products = await fetch(`${lane}/api${endpoints.products()}`, {
        headers: { Authorization: 'Bearer sandbox-operator' },
      });
      expect(products.status).toBe(500);
      expect(laneStore?.stats().requestsPerEndpoint.products).toBe(1);
      expect(laned.store.stats().requestsPerEndpoint.products).toBe(0);
      // Another lane is another store.
      const other = await fetch(`${laned.origin}/lanes/w1/api${endpoints.products()}`, {
        headers: { Authorization: 'Bearer sandbox-operator' },
      });
      expect(other.status).toBe(200);
      expect(laned.laneStores.get('lanes/w1')?.stats().requestsPerEndpoint.products).toBe(1);
      // A lane's CORS follows its own store.
      await fetch(`${lane}/__sandbox/reset`, {
        method: 'POST',
        body: JSON.stringify({ corsRefusesIdempotencyKey: true }),
      });
      const preflight = (base: string) =>
        fetch(`${base}${endpoints.creditRequest()}`, {
          method: 'OPTIONS',
          headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
        });
      expect((await preflight(`${lane}/api`)).headers.get('access-control-allow-headers')).toBe(
        'Authorization, Content-Type',
      );
      expect((await preflight(laned.baseUrl)).headers.get('access-control-allow-headers')).toBe(
        'Authorization, Content-Type, Idempotency-Key',
      );
    } finally {
      await laned.close();
    }
  });

  it("gives a profile's lane that profile's readings", async () => {
    const laned = await startSandboxHttpServer({ port: 0, lanes: true, mountProfiles: true });
    try {
      const lane = `${laned.origin}/profiles/accepted/lanes/w3`;
      const unknown = await fetch(`${lane}/api${endpoints.analysisStatus('06247311974')}`, {
        headers: { Authorization: 'Bearer sandbox-operator' },
      });
      // The `accepted` profile answers a CPF without analyses with a 404; the root store with a 200.
      expect(unknown.status).toBe(404);
      expect(laned.laneStores.get('profiles/accepted/lanes/w3')).toBeDefined();
      expect(laned.profileStores.get('accepted')?.stats().requestsPerEndpoint.analysisStatus).toBe(0);
      const unknownProfile = await fetch(`${laned.origin}/profiles/nope/lanes/w3/api${endpoints.products()}`);
      expect(unknownProfile.status).toBe(404);
    } finally {
      await laned.close();
    }
  });

  it('makes no lane when lanes are off, nor past the limit, nor for a name that is not a plain segment', async () => {
    const plain = await startSandboxHttpServer({ port: 0 });
    const laned = await startSandboxHttpServer({ port: 0, lanes: true });
    try {
      const products = (origin: string, lane: string) =>
        fetch(`${origin}/lanes/${lane}/api${endpoints.products()}`, {
          headers: { Authorization: 'Bearer sandbox-operator' },
        });
      expect((await products(plain.origin, 'w0')).status).toBe(404);
      expect(plain.laneStores.size).toBe(0);
      expect((await products(laned.origin, '..%2Fx')).status).toBe(404);
      expect((await products(laned.origin, 'W0')).status).toBe(404);
      for (let lane = 0; lane < MAX_LANES; lane += 1)
        expect((await products(laned.origin, `w${lane}`)).status).toBe(200);
      expect((await products(laned.origin, 'one-too-many')).status).toBe(404);
      expect(laned.laneStores.size).toBe(MAX_LANES);
    } finally {
      await plain.close();
      await laned.close();
    }
  });
});

describe('close', () => {
  it('stops listening and releases hung requests', async () => {
    const other = await startSandboxHttpServer({ port: 0 });
    other.store.faults.add({ endpoint: 'products', kind: 'hang' });
    const answer = fetch(`${other.baseUrl}${endpoints.products()}`, {
      headers: { Authorization: 'Bearer sandbox-operator' },
    });
    await vi.waitFor(() => expect(other.store.stats().requestsPerEndpoint.products).toBe(1));
    await other.close();
    await expect(answer).rejects.toThrow(TypeError);
    await expect(fetch(`${other.baseUrl}${endpoints.products()}`)).rejects.toThrow(TypeError);
  });
});
