// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountListResponseSchema } from '@/api/accounts/accounts-schema';
import { analysisStatusPageSchema } from '@/api/schemas/analysis-status';
import { cardOperationResultSchema } from '@/api/schemas/cards';
import { endpoints } from '@/api/endpoints';
import { lenientErrorObjectSchema } from '@/api/schemas/error-object';
import { productListResponseSchema } from '@/api/schemas/products';
import { XSS_PAYLOADS, creditSuccessBodySchema } from './fault-replies';
import type { FaultInput } from './faults';
import { buildCreditApplication } from '@/test/sandbox-requests';
import { createTestSandbox } from './node';
import { accountNumber, accountUuid, seededCpfs } from './seed';
import type { Sleep } from './store-options';
import { createTestClient, readError } from '@/test/sandbox-client';

/** Sleeps the test finishes by hand: nothing in these tests waits on real time. */
const pendingSleeps: Array<{ ms: number; wake: () => void }> = [];
const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    pendingSleeps.push({ ms, wake: () => resolve() });
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

const sandbox = createTestSandbox({ now: () => Date.UTC(2026, 10, 21, 12, 0, 0), sleep });
const { api, accounts, control } = createTestClient({
  baseUrl: sandbox.baseUrl,
  accountsBaseUrl: sandbox.accountsBaseUrl,
  controlUrl: 'http://localhost:3000/__sandbox',
});

beforeAll(() => sandbox.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sandbox.server.resetHandlers();
  sandbox.store.reset();
  pendingSleeps.length = 0;
});
afterAll(() => sandbox.server.close());

const fault = (input: FaultInput) => sandbox.store.faults.add(input);
const submit = (headers?: Record<string, string>) =>
  api(endpoints.creditRequest(), {
    body: buildCreditApplication(seededCpfs.freshApproves),
    ...(headers ? { headers } : {}),
  });
const createCard = () => api(endpoints.createVirtualCard(), { body: { account: Number(accountNumber(1)) } });
const cancel = () => api(endpoints.cancelCard(5003), { body: { cardCode: 5003 } });
const products = () => api(endpoints.products());
const applications = () => sandbox.store.stats().applicationsPerCpf[seededCpfs.freshApproves] ?? 0;

/** Settles to 'pending' if the promise has not settled after the handlers had every chance to run. */
async function settledState(promise: Promise<unknown>): Promise<'pending' | 'settled'> {
  let state: 'pending' | 'settled' = 'pending';
  promise.then(
    () => (state = 'settled'),
    () => (state = 'settled'),
  );
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('status faults: answer instead of the endpoint, with no effect', () => {
  it.each([
    ['401', 'Unauthorized'],
    ['403', 'Forbidden'],
    ['404', 'Not Found'],
    ['409', 'Conflict'],
    ['400', 'Bad Request'],
    ['500', 'Internal Server Error'],
    ['429', 'Too Many Requests'],
  ] as const)('%s answers the Error object with error "%s"', async (kind, title) => {
    fault({ endpoint: 'creditRequest', kind });
    const response = await submit();
    expect(response.status).toBe(Number(kind));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const error = await readError(response);
    expect(error.error).toBe(title);
    expect(applications()).toBe(0);
    // times defaults to 1: the next request goes through.
    expect((await submit()).status).toBe(201);
  });

  it('500 tells the client to try again later', async () => {
    fault({ endpoint: 'products', kind: '500' });
    expect(await readError(await products())).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Erro interno. Tente novamente mais tarde.',
    });
  });

  it('409 on the credit request explains the duplicate', async () => {
    fault({ endpoint: 'creditRequest', kind: '409' });
    expect((await readError(await submit())).message).toBe(
      'Já existe uma proposta em andamento para este CPF.',
    );
  });

  it.each(['502', '503'] as const)('%s answers an HTML page', async (kind) => {
    fault({ endpoint: 'cancelCard', kind });
    const response = await cancel();
    expect(response.status).toBe(Number(kind));
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
    expect(sandbox.store.stats().cancelsPerCard).toEqual({});
  });

  it('503 carries Retry-After when asked', async () => {
    fault({ endpoint: 'products', kind: '503', retryAfterSeconds: 7 });
    expect((await products()).headers.get('retry-after')).toBe('7');
  });

  it('429 carries Retry-After (5 s unless told)', async () => {
    fault({ endpoint: 'analysisStatus', kind: '429', retryAfterSeconds: 12 });
    fault({ endpoint: 'analysisStatus', kind: '429' });
    const lookup = () => api(endpoints.analysisStatus(seededCpfs.approved));
    expect((await lookup()).headers.get('retry-after')).toBe('12');
    expect((await lookup()).headers.get('retry-after')).toBe('5');
  });

  it('400-list answers NestJS-style message: string[]', async () => {
    fault({ endpoint: 'creditRequest', kind: '400-list' });
    const response = await submit();
    expect(response.status).toBe(400);
    const body = lenientErrorObjectSchema.parse(await response.json());
    expect(Array.isArray(body.message) && body.message.length).toBeGreaterThan(1);
    expect(body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
  });

  it('403 on the accounts endpoint names the missing scope', async () => {
    fault({ endpoint: 'allAccounts', kind: '403' });
    expect((await readError(await accounts())).message).toBe('O token não tem o escopo accounts:read');
  });

  it('applies before authentication, like a gateway in front of the provider', async () => {
    fault({ endpoint: 'products', kind: '503' });
    expect((await api(endpoints.products(), { token: null })).status).toBe(503);
  });
});

describe('matching and counting', () => {
  it('times counts down per matching request; other endpoints are untouched', async () => {
    fault({ endpoint: 'products', kind: '500', times: 2 });
    expect((await accounts()).status).toBe(200);
    expect((await products()).status).toBe(500);
    expect((await products()).status).toBe(500);
    expect((await products()).status).toBe(200);
  });

  it('times: 0 lasts until reset, and "*" matches every endpoint', async () => {
    fault({ endpoint: '*', kind: '500', times: 0 });
    for (let i = 0; i < 3; i += 1) expect((await products()).status).toBe(500);
    expect((await accounts()).status).toBe(500);
    expect((await cancel()).status).toBe(500);
    sandbox.store.reset();
    expect((await products()).status).toBe(200);
  });

  it('is added through POST /__sandbox/faults too', async () => {
    const added = await control('/faults', { body: { endpoint: 'products', kind: '404' } });
    expect(added.status).toBe(201);
    expect((await products()).status).toBe(404);
  });
});

describe('body faults: the endpoint runs (and commits), then the answer is spoiled', () => {
  it('malformed: 200 with truncated JSON, application recorded', async () => {
    fault({ endpoint: 'creditRequest', kind: 'malformed' });
    const response = await submit();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('{"conteudo":');
    expect(applications()).toBe(1);
  });

  it('malformed on a query breaks response.json()', async () => {
    fault({ endpoint: 'products', kind: 'malformed' });
    await expect((await products()).json()).rejects.toThrow();
  });

  it('empty200: 200 with no body at all', async () => {
    fault({ endpoint: 'createVirtualCard', kind: 'empty200' });
    const response = await createCard();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [accountUuid(1)]: 1 });
  });

  it('schemaDrift: right top level, wrong fields, for every endpoint', async () => {
    fault({ endpoint: '*', kind: 'schemaDrift', times: 0 });
    const drifted = await products();
    expect(drifted.status).toBe(200);
    const body: unknown = await drifted.json();
    expect(productListResponseSchema.safeParse(body).success).toBe(false);
    expect(body).toMatchObject({ conteudo: { produtos: [{ codigo: 101 }, { codigo: 102 }] } });

    const credit = await submit();
    expect(credit.status).toBe(201);
    expect(creditSuccessBodySchema.safeParse(await credit.json()).success).toBe(false);
    expect(applications()).toBe(1);

    const status = await api(endpoints.analysisStatus(seededCpfs.approved));
    expect(analysisStatusPageSchema.safeParse(await status.json()).success).toBe(false);
    expect(cardOperationResultSchema.safeParse(await (await createCard()).json()).success).toBe(false);
    expect(cardOperationResultSchema.safeParse(await (await cancel()).json()).success).toBe(false);
    expect(accountListResponseSchema.safeParse(await (await accounts()).json()).success).toBe(false);
  });

  it('xssData: contract-valid bodies full of script-like text', async () => {
    fault({ endpoint: '*', kind: 'xssData', times: 0 });
    const productsText = await (await products()).text();
    const accountsText = await (await accounts()).text();
    const statusText = await (await api(endpoints.analysisStatus(seededCpfs.freshDeclines))).text();
    for (const text of [productsText, accountsText, statusText]) {
      for (const payload of XSS_PAYLOADS) expect(text).toContain(JSON.stringify(payload).slice(1, -1));
    }
    expect(
      productListResponseSchema.parse(JSON.parse(productsText)).conteudo.produtos.length,
    ).toBeGreaterThan(5);
    expect(accountListResponseSchema.safeParse(JSON.parse(accountsText)).success).toBe(true);
    const status = analysisStatusPageSchema.parse(JSON.parse(statusText));
    expect(status.conteudo.resultados.length).toBeGreaterThan(0);
    expect(cardOperationResultSchema.parse(await (await cancel()).json()).message).toContain(XSS_PAYLOADS[0]);
  });

  it('leave error answers alone', async () => {
    fault({ endpoint: 'products', kind: 'malformed' });
    const response = await api(endpoints.products(), { token: null });
    expect(response.status).toBe(401);
    await readError(response);
  });
});

describe('connection and timing faults', () => {
  it('reset: network error before any effect', async () => {
    fault({ endpoint: 'creditRequest', kind: 'reset' });
    await expect(submit()).rejects.toThrow(TypeError);
    expect(applications()).toBe(0);
    expect(sandbox.store.stats().requestsPerEndpoint.creditRequest).toBe(1);
  });

  it('commitThenReset: the effect happens, the answer is lost, a retry with the same key gets the stored answer', async () => {
    fault({ endpoint: 'creditRequest', kind: 'commitThenReset' });
    await expect(submit({ 'Idempotency-Key': 'lost-1' })).rejects.toThrow(TypeError);
    expect(applications()).toBe(1);
    const retry = await submit({ 'Idempotency-Key': 'lost-1' });
    expect(retry.status).toBe(201);
    expect(creditSuccessBodySchema.parse(await retry.json()).conteudo.CodigoParaAcompanhamento).toBe(
      'PRP-2026-001000',
    );
    expect(applications()).toBe(1);
  });

  it('commitThenReset records the virtual card and the cancel', async () => {
    fault({ endpoint: 'createVirtualCard', kind: 'commitThenReset' });
    fault({ endpoint: 'cancelCard', kind: 'commitThenReset' });
    await expect(createCard()).rejects.toThrow(TypeError);
    await expect(cancel()).rejects.toThrow(TypeError);
    expect(sandbox.store.stats()).toMatchObject({
      virtualCardsPerAccount: { [accountUuid(1)]: 1 },
      cancelsPerCard: { '5003': 1 },
    });
    // The card really is cancelled: a second cancel says so.
    expect((await readError(await cancel())).message).toBe('Cartão 5003 já está cancelado');
  });

  it('delay: answers normally once the delay has passed', async () => {
    fault({ endpoint: 'products', kind: 'delay', delayMs: 4_000 });
    const answer = products();
    await vi.waitFor(() => expect(pendingSleeps).toHaveLength(1));
    expect(pendingSleeps[0]?.ms).toBe(4_000);
    expect(await settledState(answer)).toBe('pending');
    pendingSleeps[0]?.wake();
    expect((await answer).status).toBe(200);
  });

  it('latencyMs on reset: every answer of the interface takes that long, a fault on top, until the next reset', async () => {
    const reset = await control('/reset', { body: { latencyMs: 1_500 } });
    expect(await reset.json()).toMatchObject({ latencyMs: 1_500 });
    fault({ endpoint: 'creditRequest', kind: 'delay', delayMs: 60_000 });
    const answer = submit();
    await vi.waitFor(() => expect(pendingSleeps.map(({ ms }) => ms)).toEqual([1_500]));
    expect(await settledState(answer)).toBe('pending');
    pendingSleeps[0]?.wake();
    // Then the fault's own delay, held until the test lets it go.
    await vi.waitFor(() => expect(pendingSleeps.map(({ ms }) => ms)).toEqual([1_500, 60_000]));
    expect(await settledState(answer)).toBe('pending');
    sandbox.store.faults.proceedHeld();
    expect((await answer).status).toBe(201);

    expect((await control('/reset', { body: { latencyMs: 60_001 } })).status).toBe(400);
    sandbox.store.reset();
    pendingSleeps.length = 0;
    expect((await products()).status).toBe(200);
    expect(pendingSleeps).toHaveLength(0);
  });

  it('delayMs applies to other kinds too', async () => {
    fault({ endpoint: 'products', kind: '500', delayMs: 1_000 });
    const answer = products();
    await vi.waitFor(() => expect(pendingSleeps).toHaveLength(1));
    pendingSleeps[0]?.wake();
    expect((await answer).status).toBe(500);
  });

  it('a delayed mutation released by a reset answers a network error and commits nothing', async () => {
    fault({ endpoint: 'creditRequest', kind: 'delay', delayMs: 60_000 });
    const answer = submit();
    await vi.waitFor(() => expect(pendingSleeps).toHaveLength(1));
    sandbox.store.reset();
    await expect(answer).rejects.toThrow(TypeError);
    expect(applications()).toBe(0);
  });

  it('a delayed mutation let go by faults/proceed answers and commits, before its delay has passed', async () => {
    fault({ endpoint: 'creditRequest', kind: 'delay', delayMs: 600_000 });
    const answer = submit();
    await vi.waitFor(() => expect(pendingSleeps).toHaveLength(1));
    expect(await settledState(answer)).toBe('pending');
    const proceeded = await control('/faults/proceed', { method: 'POST' });
    expect(proceeded.status).toBe(200);
    expect((await answer).status).toBe(201);
    expect(applications()).toBe(1);
  });

  it('hang: never answers until the faults are reset, then drops the connection', async () => {
    fault({ endpoint: 'creditRequest', kind: 'hang' });
    const answer = submit();
    await vi.waitFor(() => expect(sandbox.store.stats().requestsPerEndpoint.creditRequest).toBe(1));
    expect(await settledState(answer)).toBe('pending');
    const cleared = await control('/faults', { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ cleared: 0 });
    await expect(answer).rejects.toThrow(TypeError);
    expect(applications()).toBe(0);
  });
});
