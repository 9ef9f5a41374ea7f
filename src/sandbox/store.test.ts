// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analysisStatusPageSchema } from '@/api/schemas/analysis-status';
import { buildCreditApplication } from '@/test/sandbox-requests';
import { jsonReply } from './reply';
import { accountUuid, seededCpfs } from './seed';
import { SandboxStore, decisionFor } from './store';

const start = Date.UTC(2026, 10, 21, 12, 0, 0);

function storeAt(time = start) {
  return new SandboxStore({ now: () => time });
}

describe('SandboxStore', () => {
  it('shows seeded analyses newest first, in the contract shape', () => {
    const store = storeAt();
    const page = analysisStatusPageSchema.parse(store.analysisPage(seededCpfs.underReviewAndDeclined));
    expect(page.conteudo.resultados.map((result) => result.Status)).toEqual(['EM_ANALISE', 'REPROVADO']);
    expect(page.conteudo).toMatchObject({
      numeroDaPagina: 1,
      totalDePaginas: 1,
      totalDeRegistros: 2,
      sucesso: true,
    });
  });

  it('pages a CPF with 25 analyses as page 1 of 3', () => {
    const page = storeAt().analysisPage(seededCpfs.paginated);
    expect(page.conteudo).toMatchObject({
      numeroDaPagina: 1,
      tamanhoDaPagina: 10,
      totalDePaginas: 3,
      totalDeRegistros: 25,
    });
    expect(page.conteudo.resultados).toHaveLength(10);
  });

  it('moves a submitted application to its decision when the clock passes the delay', () => {
    const store = storeAt();
    const { CodigoParaAcompanhamento } = store.submitApplication(
      buildCreditApplication(seededCpfs.freshApproves),
    );
    expect(CodigoParaAcompanhamento).toBe('PRP-2026-001000');
    const status = () => store.analysisPage(seededCpfs.freshApproves).conteudo.resultados[0]?.Status;
    expect(status()).toBe('EM_ANALISE');
    store.advanceClock(29_999);
    expect(status()).toBe('EM_ANALISE');
    store.advanceClock(1);
    expect(status()).toBe('APROVADO');
    expect(decisionFor(seededCpfs.freshDeclines)).toBe('REPROVADO');
  });

  it('honours decisionDelayMs and reset options, and a plain reset returns to the defaults', () => {
    const store = new SandboxStore({ now: () => start, decisionDelayMs: 10, accountCount: 5 });
    expect(store.listAccounts()).toHaveLength(5);
    store.submitApplication(buildCreditApplication(seededCpfs.freshDeclines));
    store.advanceClock(10);
    expect(store.analysisPage(seededCpfs.freshDeclines).conteudo.resultados[0]?.Status).toBe('REPROVADO');
    store.reset({ accountCount: 10_000 });
    expect(store.listAccounts()).toHaveLength(10_000);
    expect(store.analysisPage(seededCpfs.freshDeclines).conteudo.totalDeRegistros).toBe(0);
    expect(store.now()).toBe(start);
    store.reset();
    expect(store.listAccounts()).toHaveLength(5);
    expect(() => store.reset({ accountCount: 0 })).toThrow(RangeError);
  });

  it('cancels a card once and counts every attempt', () => {
    const store = storeAt();
    expect(store.cancelCard(5001)).toEqual({ ok: true });
    expect(store.cancelCard(5001)).toEqual({ ok: false, reason: 'already-cancelled' });
    expect(store.cancelCard(9999)).toEqual({ ok: false, reason: 'not-found' });
    expect(store.stats()).toMatchObject({
      cancelsPerCard: { '5001': 1 },
      cancelRequestsPerCard: { '5001': 2, '9999': 1 },
    });
  });

  it('creates virtual cards that can then be cancelled', () => {
    const store = storeAt();
    const code = store.createVirtualCard(accountUuid(1));
    expect(code).toBe(5011);
    expect(store.listCards().find((card) => card.code === code)).toEqual({
      code,
      accountId: accountUuid(1),
      virtual: true,
      cancelled: false,
    });
    expect(store.cancelCard(code)).toEqual({ ok: true });
    expect(store.stats().virtualCardsPerAccount).toEqual({ [accountUuid(1)]: 1 });
    expect(() => store.createVirtualCard('1')).toThrow(RangeError);
  });

  it('runs an idempotent operation once per key, also when the repeat arrives while it runs', async () => {
    const store = storeAt();
    let runs = 0;
    const execute = async () => {
      runs += 1;
      await Promise.resolve();
      return jsonReply(201, { run: runs });
    };
    const [first, concurrent] = await Promise.all([
      store.idempotent('creditRequest', 'k1', execute),
      store.idempotent('creditRequest', 'k1', execute),
    ]);
    const later = await store.idempotent('creditRequest', 'k1', execute);
    expect(runs).toBe(1);
    expect(concurrent).toEqual(first);
    expect(later).toEqual(first);
    // Keys are per endpoint, and failures are not stored.
    await store.idempotent('cancelCard', 'k1', execute);
    expect(runs).toBe(2);
    await store.idempotent('cancelCard', 'k2', () => Promise.resolve(jsonReply(400, {})));
    await store.idempotent('cancelCard', 'k2', execute);
    expect(runs).toBe(3);
    expect(store.stats().idempotencyKeys).toEqual([
      { endpoint: 'creditRequest', key: 'k1', requests: 3 },
      { endpoint: 'cancelCard', key: 'k1', requests: 1 },
      { endpoint: 'cancelCard', key: 'k2', requests: 2 },
    ]);
  });

  it('is the same after a reset as when new', () => {
    const store = storeAt();
    const fresh = storeAt();
    store.submitApplication(buildCreditApplication());
    store.cancelCard(5002);
    store.createVirtualCard(accountUuid(0));
    store.countRequest('products');
    store.faults.add({ endpoint: '*', kind: '500', times: 0 });
    store.advanceClock(5_000);
    store.reset();
    expect(store.stats()).toEqual(fresh.stats());
    expect(store.listCards()).toEqual(fresh.listCards());
    expect(store.listAccounts()).toEqual(fresh.listAccounts());
    expect(store.faults.list()).toEqual([]);
    expect(store.now()).toBe(start);
  });
});
