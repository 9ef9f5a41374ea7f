// @vitest-environment jsdom
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError } from './api-error';
import { createHttpClient, type ApiFailure } from './http-client';
import { productListResponseSchema } from './schemas/products';
import { createSessionStore } from './session';

/**
 * Where the bearer token may go (jsdom: the page is http://localhost:3000). The config refuses a base
 * like "/\evil.example/api"; the client refuses it again, whatever config it was given.
 */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function clientFor(baseUrl: string, onFailure?: (failure: ApiFailure) => void) {
  const session = createSessionStore();
  session.signIn('secret-token-123');
  const sent: Array<{ url: string; authorization: string | null }> = [];
  const client = createHttpClient({
    baseUrl,
    accountsBaseUrl: baseUrl,
    timeoutMs: 2000,
    sendIdempotencyKey: false,
    session,
    fetch: (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
      return fetch(input, init);
    },
    ...(onFailure ? { onFailure } : {}),
  });
  const getProducts = (signal?: AbortSignal) =>
    client.request({
      method: 'GET',
      base: 'base',
      path: '/v1/products/',
      pathTemplate: '/v1/products/',
      schema: productListResponseSchema,
      ...(signal ? { signal } : {}),
    });
  return { sent, getProducts };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the bearer token goes only to the configured base’s origin', () => {
  it.each(['/\\evil.example/api', '//evil.example/api', '/\\/evil.example/api'])(
    'refuses a base path the browser would read as another host (%s), sending nothing',
    async (baseUrl) => {
      const { sent, getProducts } = clientFor(baseUrl);
      const error = await failure(getProducts());
      expect(error.kind).toBe('refused');
      expect(error.message).not.toContain('secret-token-123');
      expect(sent).toEqual([]);
    },
  );

  it('sends to a base path on this origin, and to an absolute base', async () => {
    server.use(
      http.get('http://localhost:3000/api/v1/products/', () =>
        HttpResponse.json({ conteudo: { produtos: [] } }),
      ),
      http.get('https://provider.example/api/v1/products/', () =>
        HttpResponse.json({ conteudo: { produtos: [] } }),
      ),
    );
    for (const baseUrl of ['/api', 'https://provider.example/api']) {
      const { sent, getProducts } = clientFor(baseUrl);
      await getProducts();
      expect(sent).toEqual([{ url: `${baseUrl}/v1/products/`, authorization: 'Bearer secret-token-123' }]);
    }
  });
});

describe('what a failed call tells the reports', () => {
  it('the path template, kind, status and duration; nothing for a caller’s cancel', async () => {
    const failures: ApiFailure[] = [];
    server.use(
      http.get('https://provider.example/api/v1/products/', async () => {
        await delay(20);
        return HttpResponse.json({ message: 'CPF 52998224725 inválido' }, { status: 422 });
      }),
    );
    const { getProducts } = clientFor('https://provider.example/api', (failure) => failures.push(failure));
    await failure(getProducts());
    expect(failures.map(({ operation, kind, status }) => ({ operation, kind, status }))).toEqual([
      { operation: 'GET /v1/products/', kind: 'http', status: 422 },
    ]);
    expect(failures[0]?.durationMs).toBeGreaterThanOrEqual(15);

    const controller = new AbortController();
    const cancelled = getProducts(controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toBeDefined();
    expect(failures).toHaveLength(1);
  });
});
