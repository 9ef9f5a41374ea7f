// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { createTestSandbox } from '@/test/sandbox-server';
import { seededCpfs } from '@/test/sandbox-data';
import { fetchAnalysisLookup } from './analysis-status';
import type { HttpClient } from './http-client';
import { createServices } from './services';
import { createSessionStore } from './session';

const sandbox = createTestSandbox({ profile: 'paged' });
const CPF = seededCpfs.paginated;
const seen: string[] = [];
let client: HttpClient;

beforeAll(() => sandbox.server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  const session = createSessionStore();
  session.signIn('sandbox-operator');
  client = createServices(
    {
      baseUrl: sandbox.baseUrl,
      accountsBaseUrl: sandbox.accountsBaseUrl,
      requestTimeoutMs: 5000,
      sendIdempotencyKey: false,
    },
    { session },
  ).http;
  seen.length = 0;
  sandbox.server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).search);
  });
});
afterEach(() => {
  sandbox.server.events.removeAllListeners();
  sandbox.server.resetHandlers();
  sandbox.store.reset();
});
afterAll(() => sandbox.server.close());

const paging = { pageParameter: 'pagina', firstPage: 0 as const, maxPages: 10 };
const codes = (lookup: { resultados: Array<{ CodigoParaAcompanhamento: string }> }) =>
  lookup.resultados.map((result) => result.CodigoParaAcompanhamento);

/** A provider that answers every page with the same results: it ignores the page parameter. */
function ignorePageParameter() {
  sandbox.server.use(
    http.get(`${sandbox.baseUrl}/v1/cards/request/:document/`, () =>
      HttpResponse.json(sandbox.store.analysisPage(CPF)),
    ),
  );
}

describe('fetchAnalysisLookup', () => {
  it('without paging: asks once, without a query, and says how many it could not read', async () => {
    const lookup = await fetchAnalysisLookup(client, CPF, undefined);
    expect(seen).toEqual(['']);
    expect(lookup).toMatchObject({ total: 25, pagesAsked: [], shortfall: { reason: 'notConfigured' } });
    expect(lookup.resultados).toHaveLength(10);
    expect(lookup.firstPage).toMatchObject({ totalDePaginas: 3, resultCount: 10 });
  });

  it('with paging: reads every page from the first number, one after another, each code once', async () => {
    const lookup = await fetchAnalysisLookup(client, CPF, paging);
    expect(seen).toEqual(['?pagina=0', '?pagina=1', '?pagina=2']);
    expect(lookup).toMatchObject({ total: 25, pagesAsked: [0, 1, 2], shortfall: null });
    expect(new Set(codes(lookup)).size).toBe(25);
  });

  it('sends the page size when configured, and stops at the provider count', async () => {
    const lookup = await fetchAnalysisLookup(client, CPF, {
      ...paging,
      pageSizeParameter: 'tamanho',
      pageSize: 20,
    });
    expect(seen).toEqual(['?pagina=0&tamanho=20', '?pagina=1&tamanho=20']);
    expect(lookup.resultados).toHaveLength(25);
    expect(lookup.shortfall).toBeNull();
  });

  it('asks for no more pages than the cap, and says so', async () => {
    const lookup = await fetchAnalysisLookup(client, CPF, { ...paging, maxPages: 2 });
    expect(seen).toEqual(['?pagina=0', '?pagina=1']);
    expect(lookup.resultados).toHaveLength(20);
    expect(lookup.shortfall).toEqual({ reason: 'pageCap', maxPages: 2 });
  });

  it('stops at a page that brings nothing new (the provider ignores the parameter)', async () => {
    ignorePageParameter();
    const lookup = await fetchAnalysisLookup(client, CPF, { ...paging, firstPage: 1 });
    expect(seen).toEqual(['?pagina=1', '?pagina=2']);
    expect(lookup.resultados).toHaveLength(10);
    expect(lookup.shortfall).toEqual({ reason: 'repeatedPage', page: 2 });
  });

  it('stops at an empty page before the count (a first page number the provider does not share)', async () => {
    // Pages counted from 1 on a provider counting from 0: the "second" page asked is its last.
    const lookup = await fetchAnalysisLookup(client, CPF, { ...paging, firstPage: 1 });
    expect(seen).toEqual(['?pagina=1', '?pagina=2', '?pagina=3']);
    expect(lookup.resultados).toHaveLength(15);
    expect(lookup.shortfall).toEqual({ reason: 'pagesEnded', page: 3 });
  });

  it('asks for one page only when the first holds everything, or nothing', async () => {
    expect(
      (await fetchAnalysisLookup(client, seededCpfs.underReviewAndDeclined, paging)).shortfall,
    ).toBeNull();
    expect(await fetchAnalysisLookup(client, seededCpfs.freshApproves, paging)).toMatchObject({
      resultados: [],
      total: 0,
      pagesAsked: [0],
      shortfall: null,
    });
    expect(seen).toEqual(['?pagina=0', '?pagina=0']);
  });

  it('fails when a later page fails, rather than pass a part for the whole', async () => {
    sandbox.server.use(
      http.get(`${sandbox.baseUrl}/v1/cards/request/:document/`, ({ request }) =>
        new URL(request.url).searchParams.get('pagina') === '1'
          ? HttpResponse.json(
              {
                message: 'Erro interno. Tente novamente mais tarde.',
                error: 'Internal Server Error',
                statusCode: 500,
              },
              { status: 500 },
            )
          : undefined,
      ),
    );
    await expect(fetchAnalysisLookup(client, CPF, paging)).rejects.toMatchObject({ status: 500 });
    expect(seen).toEqual(['?pagina=0', '?pagina=1']);
  });
});
