// @vitest-environment jsdom
// Runs under jsdom on purpose: this is how page tests use the sandbox.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@/api/endpoints';
import { productListResponseSchema } from '@/api/schemas/products';
import { createTestSandbox } from './node';
import { sandboxTokens } from './tokens';

const sandbox = createTestSandbox();

beforeAll(() => sandbox.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sandbox.server.resetHandlers();
  sandbox.store.reset();
});
afterAll(() => sandbox.server.close());

const authorized = { headers: { Authorization: `Bearer ${sandboxTokens.operator}` } };

describe('createTestSandbox', () => {
  it('serves the jsdom origin by default', async () => {
    expect(window.location.origin).toBe('http://localhost:3000');
    expect(sandbox.baseUrl).toBe('http://localhost:3000/api');
    expect(sandbox.accountsBaseUrl).toBe('http://localhost:3000/accounts');
    const response = await fetch(`${sandbox.baseUrl}${endpoints.products()}`, authorized);
    expect(productListResponseSchema.parse(await response.json()).conteudo.produtos.length).toBeGreaterThan(
      0,
    );
  });

  it('takes faults from the store and forgets them on reset', async () => {
    sandbox.store.faults.add({ endpoint: 'products', kind: '500', times: 0 });
    expect((await fetch(`${sandbox.baseUrl}${endpoints.products()}`, authorized)).status).toBe(500);
    sandbox.store.reset();
    expect((await fetch(`${sandbox.baseUrl}${endpoints.products()}`, authorized)).status).toBe(200);
  });

  it('holds a hung request until reset under jsdom too (jsdom and Node abort signals mix)', async () => {
    sandbox.store.faults.add({ endpoint: 'products', kind: 'hang', times: 2 });
    const answer = fetch(`${sandbox.baseUrl}${endpoints.products()}`, authorized);
    // The app's time-out aborts on the client side; the sandbox must cope with that signal as well.
    const controller = new AbortController();
    const timedOut = fetch(`${sandbox.baseUrl}${endpoints.products()}`, {
      ...authorized,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(sandbox.store.stats().requestsPerEndpoint.products).toBe(2));
    controller.abort();
    await expect(timedOut).rejects.toThrow();
    sandbox.store.reset();
    await expect(answer).rejects.toThrow(TypeError);
  });

  it('accepts other bases, including root-relative ones resolved against the page', async () => {
    const other = createTestSandbox({
      baseUrl: '/gateway',
      accountsBaseUrl: 'http://localhost:3000/contas',
      accountCount: 3,
    });
    sandbox.server.use(...other.server.listHandlers());
    const products = await fetch(`http://localhost:3000/gateway${endpoints.products()}`, authorized);
    expect(products.status).toBe(200);
    const accounts = await fetch(`http://localhost:3000/contas${endpoints.allAccounts()}`, authorized);
    expect(await accounts.json()).toMatchObject({ accounts: [{}, {}, {}] });
  });
});
