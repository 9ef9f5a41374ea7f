// @vitest-environment node
import { http, HttpResponse, getResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountListResponseSchema } from '@/api/accounts/accounts-schema';
import { analysisStatusPageSchema } from '@/api/schemas/analysis-status';
import { cardOperationResultSchema } from '@/api/schemas/cards';
import { endpoints } from '@/api/endpoints';
import { productListResponseSchema } from '@/api/schemas/products';
import * as z from 'zod/mini';
import { creditSuccessBodySchema } from './fault-replies';
import { buildCreditApplication } from '@/test/sandbox-requests';
import { createTestSandbox } from './node';
import { accountNumber, accountUuid, seededAnalysisCpfs, seededCpfs } from './seed';
import { SandboxStore } from './store';
import { createSandboxHandlers } from './handlers';

/** The first seeded account: its number is what the default profile's virtual-card `account` carries. */
const FIRST_ACCOUNT_CODE = Number(accountNumber(0));
import { createTestClient, readError } from '@/test/sandbox-client';
import { issueSandboxToken, sandboxTokens } from './tokens';

const start = Date.UTC(2026, 10, 21, 12, 0, 0);
const sandbox = createTestSandbox({ now: () => start });
const { api, accounts, control, call } = createTestClient({
  baseUrl: sandbox.baseUrl,
  accountsBaseUrl: sandbox.accountsBaseUrl,
  controlUrl: 'http://localhost:3000/__sandbox',
});

beforeAll(() => sandbox.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sandbox.server.resetHandlers();
  sandbox.store.reset();
});
afterAll(() => sandbox.server.close());

const allEndpoints = [
  { name: 'products', call: (token?: string | null) => api(endpoints.products(), { token }) },
  {
    name: 'creditRequest',
    call: (token?: string | null) =>
      api(endpoints.creditRequest(), { token, body: buildCreditApplication() }),
  },
  {
    name: 'analysisStatus',
    call: (token?: string | null) => api(endpoints.analysisStatus(seededCpfs.approved), { token }),
  },
  {
    name: 'createVirtualCard',
    call: (token?: string | null) =>
      api(endpoints.createVirtualCard(), { token, body: { account: FIRST_ACCOUNT_CODE } }),
  },
  {
    name: 'cancelCard',
    call: (token?: string | null) => api(endpoints.cancelCard(5001), { token, body: { cardCode: 5001 } }),
  },
  { name: 'allAccounts', call: (token?: string | null) => accounts({ token }) },
] as const;

describe('every endpoint', () => {
  it.each(allEndpoints)(
    '$name answers 2xx with no-store and nosniff for the operator',
    async ({ call: send }) => {
      const response = await send();
      expect(response.ok).toBe(true);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    },
  );

  it.each(allEndpoints)(
    '$name answers 401 without a token, with an unknown one and with an expired one',
    async ({ call: send }) => {
      for (const token of [null, 'not-a-token', sandboxTokens.expired]) {
        const response = await send(token);
        expect(response.status).toBe(401);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const error = await readError(response);
        expect(error.error).toBe('Unauthorized');
      }
      // Refused requests have no effect.
      expect(sandbox.store.stats()).toMatchObject({
        applicationsPerCpf: {},
        cancelsPerCard: {},
        virtualCardsPerAccount: {},
      });
    },
  );

  it.each(allEndpoints)(
    '$name is 404 without its trailing slash and with a doubled one',
    async ({ name }) => {
      const paths: Record<string, string> = {
        products: `${sandbox.baseUrl}${endpoints.products()}`,
        creditRequest: `${sandbox.baseUrl}${endpoints.creditRequest()}`,
        analysisStatus: `${sandbox.baseUrl}${endpoints.analysisStatus(seededCpfs.approved)}`,
        createVirtualCard: `${sandbox.baseUrl}${endpoints.createVirtualCard()}`,
        cancelCard: `${sandbox.baseUrl}${endpoints.cancelCard(5001)}`,
        allAccounts: `${sandbox.accountsBaseUrl}${endpoints.allAccounts()}`,
      };
      const url = paths[name] ?? '';
      const method = ['products', 'analysisStatus', 'allAccounts'].includes(name) ? 'GET' : 'POST';
      for (const variant of [url.slice(0, -1), `${url}/`]) {
        const response = await call(variant, { method, body: method === 'POST' ? {} : undefined });
        expect(response.status, variant).toBe(404);
        expect((await readError(response)).error).toBe('Not Found');
      }
      expect(Object.values(sandbox.store.stats().requestsPerEndpoint)).toEqual([0, 0, 0, 0, 0, 0]);
    },
  );
});

describe('paths', () => {
  it('relies on MSW 2 refusing the unslashed variant of a slashed pattern (and accepting a doubled slash)', async () => {
    // Pins the library behaviour the trailing-slash handling is built on (path-to-regexp 6, strict: false).
    const handlers = [http.get('http://x.test/v1/products/', () => HttpResponse.json({}))];
    expect(await getResponse(handlers, new Request('http://x.test/v1/products/'))).toBeDefined();
    expect(await getResponse(handlers, new Request('http://x.test/v1/products'))).toBeUndefined();
    expect(await getResponse(handlers, new Request('http://x.test/v1/products//'))).toBeDefined();
  });

  it('answers 404 for unknown paths under both bases and 405 for a known path with the wrong method', async () => {
    for (const url of [
      `${sandbox.baseUrl}/v1/nope/`,
      `${sandbox.baseUrl}/v2/products/`,
      `${sandbox.accountsBaseUrl}/v1/account/`,
    ]) {
      const response = await call(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      await readError(response);
    }
    const wrongMethod = await api(endpoints.products(), { method: 'POST', body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect((await readError(wrongMethod)).error).toBe('Method Not Allowed');
    // The accounts endpoint lives under the accounts base only.
    expect((await call(`${sandbox.baseUrl}${endpoints.allAccounts()}`)).status).toBe(404);
    expect((await call(`${sandbox.accountsBaseUrl}${endpoints.products()}`)).status).toBe(404);
  });

  it('answers 400 for a malformed percent-escape instead of failing inside MSW', async () => {
    for (const [url, method] of [
      [`${sandbox.baseUrl}/v1/cards/request/%E0%A4%A/`, 'GET'],
      [`${sandbox.baseUrl}/v1/cards/cancel/%ZZ/`, 'POST'],
      [`${sandbox.accountsBaseUrl}/v1/%ZZ/`, 'GET'],
    ] as const) {
      const response = await call(url, { method, body: method === 'POST' ? {} : undefined });
      expect(response.status, url).toBe(400);
      expect((await readError(response)).error).toBe('Bad Request');
    }
    // A well-formed escape is decoded as usual.
    expect((await call(`${sandbox.baseUrl}/v1/cards/request/5299822472%35/`)).status).toBe(200);
  });

  it('counts requests per endpoint', async () => {
    await api(endpoints.products());
    await api(endpoints.products(), { token: null });
    await accounts();
    expect(sandbox.store.stats().requestsPerEndpoint).toMatchObject({
      products: 2,
      allAccounts: 1,
      creditRequest: 0,
    });
  });
});

describe('auth', () => {
  it('enforces accounts:read on the accounts endpoint with a 403 Error object', async () => {
    const response = await accounts({ token: sandboxTokens.analyst });
    expect(response.status).toBe(403);
    expect(await readError(response)).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'O token não tem o escopo accounts:read',
    });
    expect((await api(endpoints.products(), { token: sandboxTokens.analyst })).status).toBe(200);
  });

  it('accepts JWTs from /__sandbox/tokens with their scopes until they expire', async () => {
    const issue = async (body: unknown) =>
      z.object({ token: z.string() }).parse(await (await control('/tokens', { body })).json()).token;
    const reader = await issue({ scopes: ['accounts:read'], expiresInSeconds: 60 });
    const noScope = await issue({ scopes: [], expiresInSeconds: 60 });
    expect((await accounts({ token: reader })).status).toBe(200);
    expect((await accounts({ token: noScope })).status).toBe(403);
    expect((await api(endpoints.products(), { token: noScope })).status).toBe(200);

    await control('/advance-clock', { body: { ms: 60_000 } });
    const expired = await accounts({ token: reader });
    expect(expired.status).toBe(401);
    expect((await readError(expired)).message).toMatch(/expirado/);
  });

  it('refuses a JWT that was already expired when issued', async () => {
    const token = issueSandboxToken({ scopes: ['accounts:read'], expiresInSeconds: -1 }, start);
    expect((await accounts({ token })).status).toBe(401);
  });
});

describe('GET products', () => {
  it('lists products in the contract shape, the HTML-like name as plain data', async () => {
    const body = productListResponseSchema.parse(await (await api(endpoints.products())).json());
    expect(body.conteudo.produtos.length).toBeGreaterThanOrEqual(5);
    expect(body.conteudo.produtos.map((product) => product.nome)).toContain(
      '<img src=x onerror=window.__x=1> Cartão Teste',
    );
  });
});

describe('POST credit request', () => {
  const submit = (body: unknown, headers?: Record<string, string>) =>
    api(endpoints.creditRequest(), { body, ...(headers ? { headers } : {}) });
  const status = async (cpf: string) =>
    analysisStatusPageSchema.parse(await (await api(endpoints.analysisStatus(cpf))).json()).conteudo;

  it('answers 201 with a tracking code and EM_ANALISE, then the decision after advance-clock', async () => {
    const response = await submit(buildCreditApplication(seededCpfs.freshApproves));
    expect(response.status).toBe(201);
    const body = creditSuccessBodySchema.parse(await response.json());
    expect(body).toEqual({
      conteudo: { CodigoParaAcompanhamento: 'PRP-2026-001000', Status: 'EM_ANALISE' },
      sucesso: true,
    });
    await submit(buildCreditApplication(seededCpfs.freshDeclines));

    expect((await status(seededCpfs.freshApproves)).resultados).toEqual([
      { CodigoParaAcompanhamento: 'PRP-2026-001000', Status: 'EM_ANALISE' },
    ]);
    const advanced = await control('/advance-clock', { body: { ms: 30_000 } });
    expect(await advanced.json()).toEqual({ now: '2026-11-21T12:00:30.000Z' });
    expect((await status(seededCpfs.freshApproves)).resultados[0]?.Status).toBe('APROVADO');
    expect((await status(seededCpfs.freshDeclines)).resultados[0]?.Status).toBe('REPROVADO');
    expect(sandbox.store.stats().applicationsPerCpf).toEqual({
      [seededCpfs.freshApproves]: 1,
      [seededCpfs.freshDeclines]: 1,
    });
  });

  it('adds a new application on top of seeded ones, newest first', async () => {
    await submit(buildCreditApplication(seededCpfs.approved));
    const page = await status(seededCpfs.approved);
    expect(page.resultados.map((result) => result.Status)).toEqual(['EM_ANALISE', 'APROVADO']);
    expect(page.totalDeRegistros).toBe(2);
  });

  it('names the first bad field when the body does not match the contract', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        {
          ...buildCreditApplication(),
          portador: { ...buildCreditApplication().portador, cpf: '529.982.247-25' },
        },
        /^portador\.cpf: 11 dígitos$/,
      ],
      [{ ...buildCreditApplication(), codigodoproduto: '102' }, /^codigodoproduto: tipo inválido/],
      [
        { portador: {}, cartaodecredito: { diadovencimento: 10 }, codigodoproduto: 102 },
        /^portador\.nome: campo obrigatório$/,
      ],
      [
        (() => {
          const body = buildCreditApplication();
          return {
            ...body,
            portador: { ...body.portador, enderecos: [{ ...body.portador.enderecos[0], cep: '04101-000' }] },
          };
        })(),
        /^portador\.enderecos\.0\.cep: 8 dígitos$/,
      ],
      [[], /^corpo: /],
    ];
    for (const [body, message] of cases) {
      const response = await submit(body);
      expect(response.status).toBe(400);
      const error = await readError(response);
      expect(error.error).toBe('Bad Request');
      expect(error.message).toMatch(message);
    }
    const invalidJson = await api(endpoints.creditRequest(), {
      rawBody: '{"portador":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(invalidJson.status).toBe(400);
    expect((await readError(invalidJson)).message).toMatch(/JSON/);
    expect(sandbox.store.stats().applicationsPerCpf).toEqual({});
  });

  it('applies the server-side rules', async () => {
    const base = buildCreditApplication();
    const [address] = base.portador.enderecos;
    if (!address) throw new Error('fixture has an address');
    const withPortador = (changes: Partial<typeof base.portador>) => ({
      ...base,
      portador: { ...base.portador, ...changes },
    });
    const cases: Array<[unknown, string]> = [
      [withPortador({ cpf: '52998224724' }), 'portador.cpf: CPF inválido'],
      [withPortador({ cpf: '11111111111' }), 'portador.cpf: CPF inválido'],
      [{ ...base, codigodoproduto: 999 }, 'codigodoproduto: produto 999 não existe'],
      [withPortador({ telefones: [] }), 'portador.telefones: informe ao menos um telefone'],
      [withPortador({ enderecos: [] }), 'portador.enderecos: informe ao menos um endereço'],
      [
        withPortador({ enderecos: [{ ...address, enderecocorrespondencia: false }] }),
        'portador.enderecos: exatamente um endereço deve ser de correspondência (há 0)',
      ],
      [
        withPortador({ enderecos: [address, { ...address, tipoendereco: 'COMERCIAL' }] }),
        'portador.enderecos: exatamente um endereço deve ser de correspondência (há 2)',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await submit(body);
      expect(response.status).toBe(400);
      expect((await readError(response)).message).toBe(message);
    }
    expect(sandbox.store.stats().applicationsPerCpf).toEqual({});
  });

  it('honours Idempotency-Key: same key, same answer, one record', async () => {
    const body = buildCreditApplication(seededCpfs.freshApproves);
    const first = await submit(body, { 'Idempotency-Key': 'key-1' });
    const second = await submit(body, { 'Idempotency-Key': 'key-1' });
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    await submit(body, { 'Idempotency-Key': 'key-2' });
    const stats = sandbox.store.stats();
    expect(stats.applicationsPerCpf).toEqual({ [seededCpfs.freshApproves]: 2 });
    expect(stats.idempotencyKeys).toEqual([
      { endpoint: 'creditRequest', key: 'key-1', requests: 2 },
      { endpoint: 'creditRequest', key: 'key-2', requests: 1 },
    ]);
    const concurrent = await Promise.all([1, 2, 3].map(() => submit(body, { 'Idempotency-Key': 'key-3' })));
    expect(new Set(await Promise.all(concurrent.map((response) => response.text()))).size).toBe(1);
    expect(sandbox.store.stats().applicationsPerCpf[seededCpfs.freshApproves]).toBe(3);
    const badKey = await submit(body, { 'Idempotency-Key': 'x'.repeat(256) });
    expect(badKey.status).toBe(400);
  });
});

describe('GET analysis status', () => {
  const page = async (cpf: string) => {
    const response = await api(endpoints.analysisStatus(cpf));
    expect(response.status).toBe(200);
    return analysisStatusPageSchema.parse(await response.json()).conteudo;
  };

  it('serves each seeded situation', async () => {
    expect((await page(seededCpfs.approved)).resultados).toEqual([
      { CodigoParaAcompanhamento: 'PRP-2026-000123', Status: 'APROVADO' },
    ]);
    expect((await page(seededCpfs.underReviewAndDeclined)).resultados.map((result) => result.Status)).toEqual(
      ['EM_ANALISE', 'REPROVADO'],
    );
    const pending = await page(seededCpfs.pendingDocuments);
    expect(pending.resultados[0]?.Status).toBe('PENDENTE_DOCUMENTACAO');
    expect(pending.alertas[0]).toEqual({ codigo: 'A01', mensagem: 'Comprovante de renda ilegível' });
    const unknown = await page(seededCpfs.unknownStatus);
    expect(unknown.resultados[0]?.Status).toBe('AGUARDANDO_BIOMETRIA');
    expect(unknown.alertas.every((alerta) => typeof alerta === 'string')).toBe(true);
    expect((await page(seededCpfs.withErrors)).erros.length).toBeGreaterThan(0);
    expect((await page(seededCpfs.failedLookup)).sucesso).toBe(false);
    const paginated = await page(seededCpfs.paginated);
    expect(paginated).toMatchObject({
      numeroDaPagina: 1,
      tamanhoDaPagina: 10,
      totalDePaginas: 3,
      totalDeRegistros: 25,
    });
    expect(paginated.resultados).toHaveLength(10);
  });

  it('answers a valid CPF without analyses with an empty, successful page', async () => {
    expect(await page(seededCpfs.freshDeclines)).toEqual({
      numeroDaPagina: 1,
      tamanhoDaPagina: 10,
      totalDePaginas: 0,
      totalDeRegistros: 0,
      resultados: [],
      erros: [],
      alertas: [],
      sucesso: true,
    });
  });

  it('answers 400 "CPF inválido" for anything but 11 digits with valid check digits', async () => {
    for (const document of [
      '529.982.247-25',
      '5299822472',
      '529982247250',
      '52998224724',
      '00000000000',
      'abcdefghijk',
      ' 52998224725',
    ]) {
      const response = await api(endpoints.analysisStatus(document));
      expect(response.status, document).toBe(400);
      expect(await readError(response)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'CPF inválido',
      });
    }
  });
});

describe('status lookups in bulk', () => {
  it('seeds `seedAnalyses` more CPFs with analyses, the same on every reset', async () => {
    const reset = await control('/reset', { body: { seedAnalyses: 30 } });
    expect(await reset.json()).toMatchObject({ seedAnalyses: 30, statusDelayMs: 0 });
    const cpfs = seededAnalysisCpfs(30);
    const codes = new Set<string>();
    for (const cpf of cpfs) {
      const response = await api(endpoints.analysisStatus(cpf));
      const { conteudo } = analysisStatusPageSchema.parse(await response.json());
      expect(conteudo.resultados.length, cpf).toBeGreaterThanOrEqual(1);
      for (const result of conteudo.resultados) codes.add(result.CodigoParaAcompanhamento);
    }
    expect(codes.size).toBe(30 + 30 / 3 + (2 * 30) / 3); // one, two or three analyses in turn
    expect([...codes].every((code) => /^PRP-2026-1\d{5}$/.test(code))).toBe(true);
    // Without the option those CPFs have no analyses.
    sandbox.store.reset();
    const again = analysisStatusPageSchema.parse(
      await (await api(endpoints.analysisStatus(cpfs[0]!))).json(),
    );
    expect(again.conteudo.resultados).toEqual([]);
  });

  it('counts status lookups per document, faulted ones included', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '429' });
    expect((await api(endpoints.analysisStatus(seededCpfs.approved))).status).toBe(429);
    expect((await api(endpoints.analysisStatus(seededCpfs.approved))).status).toBe(200);
    expect((await api(endpoints.analysisStatus(seededCpfs.freshApproves))).status).toBe(200);
    expect(sandbox.store.stats().statusLookupsPerCpf).toEqual({
      [seededCpfs.approved]: 2,
      [seededCpfs.freshApproves]: 1,
    });
  });

  it('answers every status lookup `statusDelayMs` late, before any fault, and nothing else', async () => {
    const waits: number[] = [];
    const store = new SandboxStore({
      statusDelayMs: 50,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const handlers = createSandboxHandlers(store, {
      baseUrl: 'http://x.test/api',
      accountsBaseUrl: 'http://x.test/acc',
    });
    const get = (path: string) =>
      getResponse(
        handlers,
        new Request(`http://x.test/api${path}`, { headers: { Authorization: 'Bearer sandbox-operator' } }),
      );
    expect((await get(endpoints.analysisStatus(seededCpfs.approved)))?.status).toBe(200);
    store.faults.add({ endpoint: 'analysisStatus', kind: '503' });
    expect((await get(endpoints.analysisStatus(seededCpfs.approved)))?.status).toBe(503);
    expect((await get(endpoints.products()))?.status).toBe(200);
    expect(waits).toEqual([50, 50]);
  });
});

describe('POST create virtual card', () => {
  it('requests a card for a known account and records a cancellable card', async () => {
    const response = await api(endpoints.createVirtualCard(), { body: { account: FIRST_ACCOUNT_CODE } });
    expect(response.status).toBe(200);
    const body = cardOperationResultSchema.parse(await response.json());
    expect(body).toEqual({
      message: `Cartão virtual solicitado para a conta ${FIRST_ACCOUNT_CODE}`,
      timestamp: '2026-11-21T12:00:00.000Z',
      cardCode: 5011,
    });
    // Counted per accountId (a UUID): the code sent was the account number.
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [accountUuid(0)]: 1 });
    const created = sandbox.store.listCards().find((card) => card.virtual);
    expect(created?.code).toBe(5011);
    expect((await api(endpoints.cancelCard(5011), { body: { cardCode: 5011 } })).status).toBe(200);
  });

  it('answers 400 for an unknown account and for a body that is not { account: integer }', async () => {
    const unknown = await api(endpoints.createVirtualCard(), { body: { account: 123 } });
    expect(unknown.status).toBe(400);
    expect((await readError(unknown)).message).toBe('Conta 123 não encontrada');
    // The accountId is not what the default profile reads, even when it is sent as a number-like string.
    for (const body of [{ account: String(FIRST_ACCOUNT_CODE) }, { account: 1.5 }, {}]) {
      const response = await api(endpoints.createVirtualCard(), { body });
      expect(response.status).toBe(400);
      expect((await readError(response)).message).toMatch(/^account: /);
    }
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({});
  });
});

describe('POST cancel card', () => {
  const cancel = (pathCode: number | string, body: unknown) => api(endpoints.cancelCard(pathCode), { body });

  it('cancels once, then answers 400 "já está cancelado"', async () => {
    const first = await cancel(5001, { cardCode: 5001 });
    expect(first.status).toBe(200);
    expect(cardOperationResultSchema.parse(await first.json()).message).toBe('Cartão 5001 cancelado');
    const again = await cancel(5001, { cardCode: 5001 });
    expect(again.status).toBe(400);
    expect(await readError(again)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Cartão 5001 já está cancelado',
    });
    expect(sandbox.store.stats()).toMatchObject({
      cancelsPerCard: { '5001': 1 },
      cancelRequestsPerCard: { '5001': 2 },
    });
  });

  it('answers 400 for an unknown card, a path/body mismatch and a non-numeric path code', async () => {
    expect((await readError(await cancel(9999, { cardCode: 9999 }))).message).toBe(
      'Cartão 9999 não encontrado',
    );
    const mismatch = await cancel(5001, { cardCode: 5002 });
    expect(mismatch.status).toBe(400);
    expect((await readError(mismatch)).message).toBe(
      'cardCode do corpo (5002) difere do cardCode da URL (5001)',
    );
    expect((await readError(await cancel('abc', { cardCode: 5001 }))).message).toMatch(/cardCode da URL/);
    expect((await readError(await cancel(5001, { cardCode: '5001' }))).message).toMatch(/^cardCode: /);
    expect(sandbox.store.stats().cancelsPerCard).toEqual({});
  });
});

describe('GET all accounts', () => {
  it('lists the seeded accounts with exactly one default', async () => {
    const body = accountListResponseSchema.parse(await (await accounts()).json());
    expect(body.accounts).toHaveLength(30);
    expect(body.accounts.filter((account) => account.isDefault)).toHaveLength(1);
    expect(body.accounts[0]?.accountId).toBe(accountUuid(0));
    expect(body.accounts[0]?.accountId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('serves 10,000 accounts after a reset that asks for them', async () => {
    const reset = await control('/reset', { body: { accountCount: 10_000 } });
    expect(await reset.json()).toEqual({
      reset: true,
      accountCount: 10_000,
      decisionDelayMs: 30_000,
      ignoreIdempotencyKey: false,
      corsRefusesIdempotencyKey: false,
      latencyMs: 0,
      seedAnalyses: 0,
      statusDelayMs: 0,
    });
    const body = accountListResponseSchema.parse(await (await accounts()).json());
    expect(body.accounts).toHaveLength(10_000);
  });
});

describe('control endpoints', () => {
  it('need no bearer and refuse bad bodies with an Error object', async () => {
    expect((await control('/stats')).status).toBe(200);
    for (const [path, body] of [
      ['/faults', { endpoint: 'products' }],
      ['/faults', { endpoint: 'products', kind: '500', time: 2 }],
      ['/tokens', { scopes: 'accounts:read', expiresInSeconds: 60 }],
      ['/advance-clock', { ms: -1 }],
      ['/reset', { accountCount: 0 }],
    ] as const) {
      const response = await control(path, { body });
      expect(response.status, path).toBe(400);
      await readError(response);
    }
    expect((await control('/nope')).status).toBe(404);
  });

  it('add, list and clear faults', async () => {
    const added = await control('/faults', { body: { endpoint: 'products', kind: '500', times: 2 } });
    expect(added.status).toBe(201);
    expect(await (await control('/faults')).json()).toEqual({
      faults: [{ endpoint: 'products', kind: '500', times: 2, remaining: 2 }],
    });
    expect(await (await control('/faults', { method: 'DELETE' })).json()).toEqual({ cleared: 1 });
    expect((await api(endpoints.products())).status).toBe(200);
  });

  it('reset reseeds data, stats and clock', async () => {
    await api(endpoints.cancelCard(5001), { body: { cardCode: 5001 } });
    await control('/advance-clock', { body: { ms: 1_000 } });
    expect((await control('/reset', { method: 'POST' })).status).toBe(200);
    expect(sandbox.store.now()).toBe(start);
    expect((await api(endpoints.cancelCard(5001), { body: { cardCode: 5001 } })).status).toBe(200);
    expect(sandbox.store.stats().requestsPerEndpoint.cancelCard).toBe(1);
  });
});
