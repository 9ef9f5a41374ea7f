import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountListResponseSchema } from '@/api/accounts/accounts-schema';
import { analysisStatusPageSchema } from '@/api/schemas/analysis-status';
import { cardOperationResultSchema } from '@/api/schemas/cards';
import { endpoints } from '@/api/endpoints';
import { runtimeConfigSchema } from '@/config/config-schema';
import { buildCreditApplication } from '@/test/sandbox-requests';
import { createSandboxHandlers } from './handlers';
import { sandboxProfile, sandboxProfileNames, sandboxProfiles } from './profiles';
import { firstEmptyString } from './routes';
import { FIRST_ACCOUNT_ID, accountNumber, seededCpfs } from './seed';
import { SandboxStore } from './store';
import { createTestClient, readError } from '@/test/sandbox-client';

/** One store per profile, each on its own origin, all behind one msw/node server (one interceptor). */
function sandboxFor(profile: string, port: number) {
  const origin = `http://profile-${port}.test`;
  const store = new SandboxStore({
    profile,
    now: () => Date.UTC(2026, 10, 21, 12),
    sleep: () => Promise.resolve(),
  });
  const handlers = createSandboxHandlers(store, {
    baseUrl: `${origin}/api`,
    accountsBaseUrl: `${origin}/accounts`,
    controlBaseUrl: origin,
  });
  const client = createTestClient({
    baseUrl: `${origin}/api`,
    accountsBaseUrl: `${origin}/accounts`,
    controlUrl: `${origin}/__sandbox`,
  });
  return { sandbox: { store, handlers }, ...client };
}

const profiles = {
  default: sandboxFor('default', 1),
  numeric: sandboxFor('numeric-ids', 2),
  accepted: sandboxFor('accepted', 3),
  english: sandboxFor('english', 4),
  strict: sandboxFor('strict', 5),
  paged: sandboxFor('paged', 6),
};
const server = setupServer(...Object.values(profiles).flatMap((profile) => profile.sandbox.handlers));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => Object.values(profiles).forEach((profile) => profile.sandbox.store.reset()));
afterAll(() => server.close());

const FRESH = seededCpfs.freshApproves;

describe('sandbox profiles', () => {
  it('are all known by name, and an unknown name is refused with the list', () => {
    expect(sandboxProfileNames).toEqual(
      expect.arrayContaining(['default', 'numeric-ids', 'accepted', 'english', 'strict', 'paged', 'slow']),
    );
    expect(() => new SandboxStore({ profile: 'nope' })).toThrow(
      /unknown sandbox profile "nope"; known: default/,
    );
    expect(sandboxProfile().name).toBe('default');
  });

  it("each profile's app config is a valid config.json fragment", () => {
    const base = { mode: 'sandbox', baseUrl: '/api', accountsBaseUrl: '/accounts', environmentName: 'x' };
    for (const profile of Object.values(sandboxProfiles)) {
      expect(runtimeConfigSchema.safeParse({ ...base, ...profile.appConfig }).success, profile.name).toBe(
        true,
      );
    }
  });

  it('default: the virtual-card account is the account number; the UUID accountId is not found', async () => {
    const { api, sandbox } = profiles.default;
    const [first] = sandbox.store.listAccounts();
    const code = Number(accountNumber(0));
    expect(first?.account).toBe(String(code));
    const ok = await api(endpoints.createVirtualCard(), { body: { account: code } });
    expect(ok.status).toBe(200);
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [first?.accountId ?? '']: 1 });
    const wrong = await api(endpoints.createVirtualCard(), { body: { account: FIRST_ACCOUNT_ID } });
    expect((await readError(wrong)).message).toBe(`Conta ${FIRST_ACCOUNT_ID} não encontrada`);
  });

  it('numeric-ids: numeric accountIds, and the virtual-card account is the accountId', async () => {
    const { api, accounts, sandbox } = profiles.numeric;
    const body = accountListResponseSchema.parse(await (await accounts()).json());
    expect(body.accounts[0]?.accountId).toBe(String(FIRST_ACCOUNT_ID));
    const ok = await api(endpoints.createVirtualCard(), { body: { account: FIRST_ACCOUNT_ID } });
    expect(ok.status).toBe(200);
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [String(FIRST_ACCOUNT_ID)]: 1 });
  });

  it('accepted: 202 without a body, 201 card answers, lower-case statuses, 404 for an unknown CPF', async () => {
    const { api } = profiles.accepted;
    const submitted = await api(endpoints.creditRequest(), { body: buildCreditApplication() });
    expect(submitted.status).toBe(202);
    expect(await submitted.text()).toBe('');
    const lookup = analysisStatusPageSchema.parse(await (await api(endpoints.analysisStatus(FRESH))).json());
    expect(lookup.conteudo.resultados[0]?.Status).toBe('em_analise');
    const unknown = await api(endpoints.analysisStatus('11122233396'));
    expect(unknown.status).toBe(404);
    expect((await readError(unknown)).error).toBe('Not Found');
    const cancel = await api(endpoints.cancelCard(5001), { body: { cardCode: 5001 } });
    expect(cancel.status).toBe(201);
    expect(cardOperationResultSchema.parse(await cancel.json()).message).toBe('Cartão 5001 cancelado');
  });

  it('english: English statuses, {code, message} notes, sucesso:false for an unknown CPF, balances in reais', async () => {
    const { api, accounts } = profiles.english;
    const approved = analysisStatusPageSchema.parse(
      await (await api(endpoints.analysisStatus(seededCpfs.approved))).json(),
    );
    expect(approved.conteudo.resultados[0]?.Status).toBe('APPROVED');
    const notes = analysisStatusPageSchema.parse(
      await (await api(endpoints.analysisStatus(seededCpfs.unknownStatus))).json(),
    );
    expect(notes.conteudo.alertas[0]).toEqual({
      code: 'N1',
      message: 'Biometria facial pendente no aplicativo',
    });
    const unknown = analysisStatusPageSchema.parse(
      await (await api(endpoints.analysisStatus('11122233396'))).json(),
    );
    expect(unknown.conteudo).toMatchObject({ sucesso: false, resultados: [], totalDeRegistros: 0 });
    const list = accountListResponseSchema.parse(await (await accounts()).json());
    expect(list.accounts.some((account) => !Number.isInteger(account.balance.total))).toBe(true);
    const submitted = await api(endpoints.creditRequest(), { body: buildCreditApplication() });
    expect(submitted.status).toBe(200);
    expect(await submitted.json()).toEqual({ trackingCode: 'PRP-2026-001000', status: 'UNDER_REVIEW' });
  });

  it('strict: refuses an empty employer with the field path, accepts an empty complemento', async () => {
    const { api, sandbox } = profiles.strict;
    const body = buildCreditApplication();
    const refused = await api(endpoints.creditRequest(), {
      body: { ...body, portador: { ...body.portador, nomeempresa: '' } },
    });
    expect(refused.status).toBe(400);
    expect((await readError(refused)).message).toBe('portador.nomeempresa: must not be empty');
    expect(sandbox.store.stats().applicationsPerCpf).toEqual({});
    const enderecos = body.portador.enderecos.map((endereco) => ({
      ...endereco,
      complemento: '',
      pontoreferencia: '',
    }));
    const accepted = await api(endpoints.creditRequest(), {
      body: { ...body, portador: { ...body.portador, enderecos } },
    });
    expect(accepted.status).toBe(201);
    const unknown = await api(endpoints.createVirtualCard(), { body: { account: 123 } });
    expect((await readError(unknown)).message).toBe('account: unknown account 123');
  });

  it('paged: reads ?pagina= from 0 and ?tamanho= up to 50; a page past the last is empty; a bad value is a 400', async () => {
    const { api } = profiles.paged;
    const lookup = async (query: string) => {
      const response = await api(`${endpoints.analysisStatus(seededCpfs.paginated)}${query}`);
      expect(response.status).toBe(200);
      return analysisStatusPageSchema.parse(await response.json()).conteudo;
    };
    const codes = (page: { resultados: Array<{ CodigoParaAcompanhamento: string }> }) =>
      page.resultados.map((result) => result.CodigoParaAcompanhamento);
    // Without parameters: the first page (number 0) of 10.
    const plain = await lookup('');
    expect(plain).toMatchObject({
      numeroDaPagina: 0,
      tamanhoDaPagina: 10,
      totalDePaginas: 3,
      totalDeRegistros: 25,
    });
    const pages = [await lookup('?pagina=0&tamanho=20'), await lookup('?pagina=1&tamanho=20')];
    expect(pages.map((page) => [page.numeroDaPagina, page.totalDePaginas, page.resultados.length])).toEqual([
      [0, 2, 20],
      [1, 2, 5],
    ]);
    // Every analysis once across the pages, in the order of the unpaged list.
    expect([...codes(pages[0]!), ...codes(pages[1]!)]).toEqual([
      ...codes(plain),
      ...codes(await lookup('?pagina=1')),
      ...codes(await lookup('?pagina=2')),
    ]);
    expect(new Set(pages.flatMap(codes)).size).toBe(25);
    expect((await lookup('?pagina=3')).resultados).toEqual([]);
    // Larger pages than the provider serves are cut to its most.
    expect((await lookup('?tamanho=500')).tamanhoDaPagina).toBe(50);
    for (const bad of ['?pagina=-1', '?pagina=x', '?tamanho=0']) {
      const refused = await api(`${endpoints.analysisStatus(seededCpfs.paginated)}${bad}`);
      expect(refused.status, bad).toBe(400);
    }
    // The default profile pages nothing: whatever the query, the first page of 10.
    const unpaged = analysisStatusPageSchema.parse(
      await (await profiles.default.api(`${endpoints.analysisStatus(seededCpfs.paginated)}?pagina=1`)).json(),
    ).conteudo;
    expect(unpaged).toMatchObject({ numeroDaPagina: 1, tamanhoDaPagina: 10, totalDePaginas: 3 });
    expect(codes(unpaged)).toEqual(codes(plain));
  });

  it('firstEmptyString names the path, skipping only complemento and pontoreferencia', () => {
    expect(firstEmptyString({ a: { b: [{ complemento: '', pontoreferencia: '' }, { bairro: '' }] } })).toBe(
      'a.b.1.bairro',
    );
    expect(firstEmptyString({ a: 'x', b: [1, true, null] })).toBeNull();
  });
});
