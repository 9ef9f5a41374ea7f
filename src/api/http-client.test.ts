// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as z from 'zod/mini';
import { ApiError, isUnknownOutcome } from './api-error';
import { createHttpClient, type HttpClient } from './http-client';
import { productListResponseSchema } from './schemas/products';
import { createSessionStore, type SessionStore } from './session';

const BASE = 'http://provider.test/api';
const ACCOUNTS = 'http://accounts.test/acc';
const server = setupServer();
let session: SessionStore;
let client: HttpClient;
let seenHeaders: Headers | null;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  session = createSessionStore();
  session.signIn('secret-token-123');
  client = createHttpClient({
    baseUrl: BASE,
    accountsBaseUrl: ACCOUNTS,
    timeoutMs: 200,
    sendIdempotencyKey: false,
    session,
  });
  seenHeaders = null;
});

const getProducts = () =>
  client.request({
    method: 'GET',
    base: 'base',
    path: '/v1/products/',
    pathTemplate: '/v1/products/',
    schema: productListResponseSchema,
  });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function answer(response: () => Response) {
  server.use(
    http.get(`${BASE}/v1/products/`, ({ request }) => {
      seenHeaders = request.headers;
      return response();
    }),
  );
}

describe('createHttpClient', () => {
  it('joins the base URL, sends the bearer token and parses the body', async () => {
    answer(() =>
      HttpResponse.json({ conteudo: { produtos: [{ codigo: '1', nome: 'A', anuidade: 'x', extra: 1 }] } }),
    );
    const body = await getProducts();
    expect(body.conteudo.produtos[0]?.nome).toBe('A');
    expect(seenHeaders?.get('Authorization')).toBe('Bearer secret-token-123');
  });

  it('uses the accounts base URL for the accounts endpoint', async () => {
    server.use(
      http.get(`${ACCOUNTS}/v1/account/get-all-accounts/`, () => HttpResponse.json({ accounts: [] })),
    );
    const body = await client.request({
      method: 'GET',
      base: 'accounts',
      path: '/v1/account/get-all-accounts/',
      pathTemplate: '/v1/account/get-all-accounts/',
      schema: z.object({ accounts: z.array(z.unknown()) }),
    });
    expect(body.accounts).toEqual([]);
  });

  it('puts query parameters in the query string only, encoded, and the path as given', async () => {
    let seenUrl = '';
    server.use(
      http.get(`${BASE}/v1/products/`, ({ request }) => {
        seenUrl = request.url;
        return HttpResponse.json({ conteudo: { produtos: [] } });
      }),
    );
    await client.request({
      method: 'GET',
      base: 'base',
      path: '/v1/products/',
      pathTemplate: '/v1/products/',
      query: { pagina: '2', 'itens.por-pagina': '50' },
      schema: productListResponseSchema,
    });
    expect(seenUrl).toBe(`${BASE}/v1/products/?pagina=2&itens.por-pagina=50`);
    await getProducts();
    expect(seenUrl).toBe(`${BASE}/v1/products/`);
  });

  it('accepts any 2xx, with or without a body, when the schema allows it', async () => {
    for (const status of [200, 201, 202, 204]) {
      server.use(
        http.post(`${BASE}/v1/request/credit/`, () =>
          status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json({ ok: status }, { status }),
        ),
      );
      const body = await client.request({
        method: 'POST',
        base: 'base',
        path: '/v1/request/credit/',
        pathTemplate: '/v1/request/credit/',
        schema: z.unknown(),
        body: {},
      });
      expect(body).toEqual(status === 204 ? undefined : { ok: status });
    }
  });

  it('sends no Idempotency-Key unless the config asks for it', async () => {
    let key: string | null = 'unset';
    server.use(
      http.post(`${BASE}/v1/cards/create/virtual/`, ({ request }) => {
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json({ message: 'ok', timestamp: '2026-01-01T00:00:00Z' });
      }),
    );
    const send = (c: HttpClient) =>
      c.request({
        method: 'POST',
        base: 'base',
        path: '/v1/cards/create/virtual/',
        pathTemplate: '/v1/cards/create/virtual/',
        schema: z.unknown(),
        body: { account: 1 },
        idempotencyKey: 'k-1',
      });
    await send(client);
    expect(key).toBeNull();
    const withKeys = createHttpClient({
      baseUrl: BASE,
      accountsBaseUrl: ACCOUNTS,
      timeoutMs: 200,
      sendIdempotencyKey: true,
      session,
    });
    await send(withKeys);
    expect(key).toBe('k-1');
  });

  it('maps an Error object to an http error carrying it', async () => {
    answer(() =>
      HttpResponse.json(
        {
          message: 'Erro interno. Tente novamente mais tarde.',
          error: 'Internal Server Error',
          statusCode: 500,
        },
        { status: 500 },
      ),
    );
    const error = await failure(getProducts());
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.providerMessages).toEqual(['Erro interno. Tente novamente mais tarde.']);
  });

  it('keeps every message of a NestJS-style 400 with a list of messages', async () => {
    answer(() =>
      HttpResponse.json(
        { message: ['cpf inválido', 'cep inválido'], error: 'Bad Request', statusCode: 400 },
        { status: 400 },
      ),
    );
    const error = await failure(getProducts());
    expect(error.status).toBe(400);
    expect(error.providerMessages).toEqual(['cpf inválido', 'cep inválido']);
  });

  it('maps an HTML error page to an http error without an Error object', async () => {
    answer(
      () =>
        new HttpResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await failure(getProducts());
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.errorObject).toBeNull();
    expect(error.message).toContain('HTML');
  });

  it.each([
    [502, true],
    [504, true],
    [500, false],
    [503, false],
    [400, false],
  ])(
    'an HTTP %i is an unknown outcome for a mutation: %s (a gateway may answer after the provider acted)',
    async (status, unknown) => {
      answer(() => HttpResponse.json({ message: 'x', error: 'x', statusCode: status }, { status }));
      expect(isUnknownOutcome(await failure(getProducts()))).toBe(unknown);
    },
  );

  it('maps broken JSON on a 2xx to a contract error (an unknown outcome for a mutation)', async () => {
    answer(
      () =>
        new HttpResponse('{"conteudo":', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const error = await failure(getProducts());
    expect(error.kind).toBe('contract');
    expect(isUnknownOutcome(error)).toBe(true);
  });

  it('maps an empty 200 to a contract error when the resource needs a body', async () => {
    answer(() => new HttpResponse(null, { status: 200 }));
    const error = await failure(getProducts());
    expect(error.kind).toBe('contract');
    expect(error.message).toContain('empty body');
  });

  it('names the field of a body that breaks the contract', async () => {
    answer(() => HttpResponse.json({ conteudo: { produtos: [{ codigo: 7, nome: 'A', anuidade: 'x' }] } }));
    const error = await failure(getProducts());
    expect(error.kind).toBe('contract');
    expect(error.field).toBe('conteudo.produtos.0.codigo');
  });

  it('turns a slow answer into a time-out', async () => {
    answer(() => {
      throw new Error('unreachable');
    });
    server.use(
      http.get(`${BASE}/v1/products/`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await failure(getProducts());
    expect(error.kind).toBe('timeout');
    expect(isUnknownOutcome(error)).toBe(true);
  });

  describe('a time-out from the last byte (timeoutFrom: last-byte, the accounts list)', () => {
    /** A body the test sends chunk by chunk, and the client's clock, which the test moves. */
    function trickle(timeoutFrom: 'request' | 'last-byte') {
      let send: ReadableStreamDefaultController<Uint8Array> | null = null;
      const sent = new Promise<void>((resolve) => {
        server.use(
          http.get(`${BASE}/v1/products/`, () => {
            const body = new ReadableStream<Uint8Array>({
              start(controller) {
                send = controller;
                resolve();
              },
            });
            return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } });
          }),
        );
      });
      const outcome = client
        .request({
          method: 'GET',
          base: 'base',
          path: '/v1/products/',
          pathTemplate: '/v1/products/',
          schema: productListResponseSchema,
          timeoutFrom,
        })
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      const chunk = async (text: string) => {
        await sent;
        send?.enqueue(new TextEncoder().encode(text));
      };
      return { outcome, chunk, end: () => send?.close() };
    }
    // Each chunk comes 150 ms after the last (the time-out is 200 ms): 600 ms in all.
    const body = ['{"conteudo":', ' {"produtos"', ': []', '}}'];
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it('lets a body that keeps arriving take longer than the time-out', async () => {
      const { outcome, chunk, end } = trickle('last-byte');
      for (const part of body) {
        await chunk(part);
        await vi.advanceTimersByTimeAsync(150);
      }
      end();
      expect(await outcome).toEqual({ value: { conteudo: { produtos: [] } } });
    });

    it('still ends a body that stops arriving, and says so', async () => {
      const { outcome, chunk } = trickle('last-byte');
      await chunk(body[0]!);
      await vi.advanceTimersByTimeAsync(150);
      await chunk(body[1]!);
      await vi.advanceTimersByTimeAsync(250);
      const { error } = (await outcome) as { error: unknown };
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'timeout' });
    });

    it('counts from the request without it: the same body times out', async () => {
      const { outcome, chunk } = trickle('request');
      for (const part of body) {
        await chunk(part);
        await vi.advanceTimersByTimeAsync(150);
      }
      expect(await outcome).toMatchObject({ error: { kind: 'timeout' } });
    });
  });

  it('turns a dropped connection into a network error', async () => {
    answer(() => HttpResponse.error());
    const error = await failure(getProducts());
    expect(error.kind).toBe('network');
  });

  describe('a POST with Idempotency-Key that fails at the network level', () => {
    const cancel = (keyed: HttpClient) =>
      keyed.request({
        method: 'POST',
        base: 'base',
        path: '/v1/cards/cancel/5001/',
        pathTemplate: '/v1/cards/cancel/{cardCode}/',
        schema: z.unknown(),
        body: { cardCode: 5001 },
        idempotencyKey: 'key-1',
      });
    const keyedClient = (sendIdempotencyKey: boolean) =>
      createHttpClient({
        baseUrl: BASE,
        accountsBaseUrl: ACCOUNTS,
        timeoutMs: 200,
        sendIdempotencyKey,
        session,
      });

    it('names the header when GETs to the same base URL are answered and no keyed request was', async () => {
      server.use(http.post(`${BASE}/v1/cards/cancel/5001/`, () => HttpResponse.error()));
      const keyed = keyedClient(true);
      const network = await failure(cancel(keyed));
      // Nothing answered on this base yet: a plain network error.
      expect(network.networkHint).toBeNull();
      answer(() => HttpResponse.json({ conteudo: { produtos: [] } }));
      await keyed.request({
        method: 'GET',
        base: 'base',
        path: '/v1/products/',
        pathTemplate: '/v1/products/',
        schema: productListResponseSchema,
      });
      const suspect = await failure(cancel(keyed));
      expect(suspect.kind).toBe('network');
      expect(suspect.networkHint).toBe('idempotency-key-header');
      expect(isUnknownOutcome(suspect)).toBe(true);
    });

    it('does not suspect the header once a keyed request got through, nor when no key is sent', async () => {
      server.use(
        http.post(`${BASE}/v1/cards/cancel/5001/`, () => HttpResponse.json({}), { once: true }),
        http.post(`${BASE}/v1/cards/cancel/5001/`, () => HttpResponse.error()),
      );
      answer(() => HttpResponse.json({ conteudo: { produtos: [] } }));
      const keyed = keyedClient(true);
      await getProducts();
      await keyed.request({
        method: 'GET',
        base: 'base',
        path: '/v1/products/',
        pathTemplate: '/v1/products/',
        schema: productListResponseSchema,
      });
      await cancel(keyed);
      expect((await failure(cancel(keyed))).networkHint).toBeNull();

      const unkeyed = keyedClient(false);
      await unkeyed.request({
        method: 'GET',
        base: 'base',
        path: '/v1/products/',
        pathTemplate: '/v1/products/',
        schema: productListResponseSchema,
      });
      expect((await failure(cancel(unkeyed))).networkHint).toBeNull();
    });
  });

  it('lets a caller cancel without reporting a failure', async () => {
    server.use(
      http.get(`${BASE}/v1/products/`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = client.request({
      method: 'GET',
      base: 'base',
      path: '/v1/products/',
      pathTemplate: '/v1/products/',
      schema: productListResponseSchema,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });

  it('reads Retry-After of a 429', async () => {
    answer(() =>
      HttpResponse.json(
        { message: 'devagar', error: 'Too Many Requests', statusCode: 429 },
        { status: 429, headers: { 'Retry-After': '7' } },
      ),
    );
    const error = await failure(getProducts());
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('ends the session on a 401, but not one that was sent with an older token', async () => {
    answer(() =>
      HttpResponse.json(
        { message: 'token inválido', error: 'Unauthorized', statusCode: 401 },
        { status: 401 },
      ),
    );
    const stale = getProducts();
    session.signIn('newer-token'); // re-authenticated while the old call was in flight
    await failure(stale);
    expect(session.getState().status).toBe('active');
    await failure(getProducts());
    expect(session.getState().status).toBe('expired');
  });

  it('sends nothing without a token', async () => {
    session.signOut();
    answer(() => {
      throw new Error('must not be called');
    });
    const error = await failure(getProducts());
    expect(error.kind).toBe('unauthenticated');
    expect(seenHeaders).toBeNull();
  });

  it('never puts the token in an error message', async () => {
    answer(() => HttpResponse.error());
    const error = await failure(getProducts());
    expect(error.message).not.toContain('secret-token-123');
  });
});
