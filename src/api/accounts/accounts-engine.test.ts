import { accountsNamed } from '@/test/accounts';
// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AccountDataset } from './account-dataset';
import { decodeAccountList } from './accounts-stream';
import { ApiError } from '../api-error';
import { createHttpClient } from '../http-client';
import { accountListResponseSchema } from './accounts-schema';
import { createSessionStore } from '../session';
import {
  answerAccountsRequest,
  createInlineAccountsEngine,
  createWorkerAccountsEngine,
  type AccountsEngine,
  type AccountsWorkerState,
} from './accounts-engine';
import type { AccountsReply, AccountsRequest } from './accounts-protocol';

const accounts = accountsNamed(['Zeta', 'Alfa', 'Meio']);
const validText = JSON.stringify({ accounts });
const brokenText = JSON.stringify({ accounts: [accounts[0], { ...accounts[1], tradeName: 7 }] });
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const byName = { query: '', sort: { column: 'tradeName', direction: 'asc' } } as const;
const layout = {
  columns: ['tradeName', 'available'],
  header: ['Nome', 'Disponível (R$)'],
  defaultBadge: 'Padrão',
  moneyUnit: 'centavos',
} as const;

describe('answerAccountsRequest (what the worker runs)', () => {
  const fresh = (): AccountsWorkerState => ({ datasets: new Map(), bodies: new Map() });
  /** A body sent as the fetch client sends it: its start, its chunks as they come, its end. */
  function sendBody(state: AccountsWorkerState, id: number, text: string) {
    const all = new Uint8Array(bytes(text));
    expect(answerAccountsRequest(state, { id, type: 'begin' }).reply).toBeNull();
    for (let at = 0; at < all.length; at += 100)
      expect(
        answerAccountsRequest(state, { id, type: 'chunk', bytes: all.slice(at, at + 100) }).reply,
      ).toBeNull();
    return answerAccountsRequest(state, { id, type: 'end' });
  }

  it('answers a valid body with the list packed (moved, not copied) and its overview, then views of it', () => {
    const state = fresh();
    const loaded = sendBody(state, 1, validText);
    if (loaded.reply?.type !== 'loaded') throw new Error(`unexpected ${loaded.reply?.type}`);
    const { packed, overview, dataset } = loaded.reply;
    expect(dataset).toBe(1);
    // Worked out with the decoding, so that the page need not walk the list for them.
    expect(overview).toEqual({ totals: { total: 3, blocked: 0, available: 30 }, firstFractional: null });
    // No object per account goes to the page: a string and typed arrays, those moved.
    expect(
      Object.values(packed).every((value) => typeof value !== 'object' || ArrayBuffer.isView(value)),
    ).toBe(true);
    expect(loaded.transfer).toEqual([packed.ends.buffer, packed.balances.buffer, packed.defaults.buffer]);
    loaded.after?.();
    const { reply, transfer } = answerAccountsRequest(state, { id: 2, type: 'view', dataset: 1, ...byName });
    if (reply?.type !== 'view') throw new Error(`unexpected ${reply?.type}`);
    expect(Array.from(reply.view.order)).toEqual([1, 2, 0]);
    // The order goes back without a copy.
    expect(transfer).toEqual([reply.view.order.buffer]);
  });

  it('answers a body that breaks the contract with the field, and holds nothing', () => {
    const state = fresh();
    const { reply } = sendBody(state, 1, brokenText);
    expect(reply).toMatchObject({
      type: 'decoded',
      outcome: { kind: 'contract', field: 'accounts.1.tradeName' },
    });
    expect(state.datasets.size).toBe(0);
    expect(state.bodies.size).toBe(0);
  });

  it('words a failure found while the body streamed in as the reference decoding does', () => {
    const cut = validText.slice(0, -5);
    expect(sendBody(fresh(), 1, cut).reply).toEqual({
      id: 1,
      type: 'decoded',
      outcome: decodeAccountList(bytes(cut)),
    });
  });

  it('forgets a body that will not be complete', () => {
    const state = fresh();
    answerAccountsRequest(state, { id: 1, type: 'begin' });
    answerAccountsRequest(state, { id: 1, type: 'chunk', bytes: new Uint8Array(bytes(validText)) });
    answerAccountsRequest(state, { id: 1, type: 'cancel' });
    expect(state.bodies.size).toBe(0);
  });

  it('writes the CSV of an order as a file', async () => {
    const state = fresh();
    sendBody(state, 1, validText);
    const { reply } = answerAccountsRequest(state, {
      id: 2,
      type: 'csv',
      dataset: 1,
      order: Int32Array.from([2, 0]),
      layout,
    });
    if (reply?.type !== 'csv') throw new Error(`unexpected ${reply?.type}`);
    expect(reply.file.type).toBe('text/csv;charset=utf-8');
    expect(await reply.file.text()).toBe('Nome;Disponível (R$)\r\nMeio;0,20\r\nZeta;0,00');
  });

  it('keeps the last two lists and says so when asked about an older one', () => {
    const state = fresh();
    for (const id of [1, 2, 3]) sendBody(state, id, validText);
    expect([...state.datasets.keys()]).toEqual([2, 3]);
    expect(answerAccountsRequest(state, { id: 4, type: 'view', dataset: 1, ...byName }).reply).toEqual({
      id: 4,
      type: 'unknown-dataset',
    });
  });
});

/**
 * A stand-in for the browser's Worker: the same messages, answered by the worker's own function
 * (answerAccountsRequest) on a later task, as a structured clone. `fail()` fires the worker's error event.
 */
class LoopbackWorker extends EventTarget {
  readonly state: AccountsWorkerState = { datasets: new Map(), bodies: new Map() };
  readonly received: AccountsRequest['type'][] = [];
  readonly replies: AccountsReply[] = [];
  terminated = false;
  postMessage(request: AccountsRequest) {
    this.received.push(request.type);
    const copy = structuredClone(request);
    setTimeout(() => {
      if (this.terminated) return;
      const { reply, transfer } = answerAccountsRequest(this.state, copy);
      if (!reply) return;
      const data = structuredClone(reply, { transfer });
      this.replies.push(data);
      this.dispatchEvent(new MessageEvent<AccountsReply>('message', { data }));
    });
  }
  terminate() {
    this.terminated = true;
  }
  fail() {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }
}

/** The body through the engine's decoder, as the fetch client gives it: in chunks, then whole. */
function load(engine: AccountsEngine, text: string) {
  const decoder = engine.load();
  const all = new Uint8Array(bytes(text));
  for (let at = 0; at < all.length; at += 50) decoder.push(all.subarray(at, at + 50));
  return decoder.end();
}

async function loaded(engine: AccountsEngine, text = validText): Promise<AccountDataset> {
  const outcome = await load(engine, text);
  if (outcome.kind !== 'ok') throw new Error(outcome.kind);
  return outcome.data;
}

describe('createWorkerAccountsEngine', () => {
  it('loads through the worker, which keeps the list: the page gets it packed, rows on demand', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const dataset = await loaded(engine);
    expect(dataset.count).toBe(3);
    expect(dataset.at(1)).toEqual(accounts[1]);
    expect(dataset.overview.totals).toEqual({ total: 3, blocked: 0, available: 30 });
    const view = await engine.view(dataset, byName);
    expect(Array.from(view.order)).toEqual([1, 2, 0]);
    expect(worker.received.filter((type) => type !== 'chunk')).toEqual(['begin', 'end', 'view']);
  });

  it('gives the contract failure of the worker', async () => {
    const engine = createWorkerAccountsEngine(new LoopbackWorker() as unknown as Worker);
    expect(await load(engine, brokenText)).toMatchObject({
      kind: 'contract',
      field: 'accounts.1.tradeName',
    });
  });

  it('has the CSV written by the worker', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const dataset = await loaded(engine);
    const file = await engine.csv(dataset, Int32Array.from([1]), layout);
    expect(await file.text()).toBe('Nome;Disponível (R$)\r\nAlfa;0,10');
    expect(worker.received.filter((type) => type !== 'chunk')).toEqual(['begin', 'end', 'csv']);
  });

  it('sends its packed copy to a worker that no longer holds the list, then views it', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const dataset = await loaded(engine);
    worker.state.datasets.clear();
    const view = await engine.view(dataset, { query: 'meio', sort: null });
    expect(Array.from(view.order)).toEqual([2]);
    expect(worker.received.filter((type) => type !== 'chunk')).toEqual([
      'begin',
      'end',
      'view',
      'index',
      'view',
    ]);
  });

  it('decodes on the main thread when the worker failed before the body came, and answers there after', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    worker.fail();
    expect(worker.terminated).toBe(true);
    const outcome = await load(engine, validText);
    if (outcome.kind !== 'ok') throw new Error(outcome.kind);
    expect(outcome.data.toArray()).toEqual(accounts);
    const view = await engine.view(outcome.data, byName);
    expect(Array.from(view.order)).toEqual([1, 2, 0]);
    expect(await (await engine.csv(outcome.data, view.order, layout)).text()).toMatch(/Alfa;0,10/);
    expect(worker.received).toEqual([]);
  });

  it('fails a load whose chunks had gone to a worker that then failed (a retry decodes here)', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const decoder = engine.load();
    decoder.push(new Uint8Array(bytes(validText)));
    worker.fail();
    await expect(decoder.end()).rejects.toThrow(/stopped while the list was arriving/);
    expect((await load(engine, validText)).kind).toBe('ok');
  });

  it('answers on the main thread about a list the worker had when it fails later', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const dataset = await loaded(engine);
    worker.fail();
    expect(Array.from((await engine.view(dataset, byName)).order)).toEqual([1, 2, 0]);
  });

  it('stops the worker, and the lists it holds, when disposed (sign-out)', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    await loaded(engine);
    engine.dispose();
    expect(worker.terminated).toBe(true);
  });
});

describe('the fetch client with the engine as its decoder', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  const URL_BASE = 'http://accounts.test';
  function fetchWith(text: string, decode: boolean) {
    server.use(
      http.get(`${URL_BASE}/v1/account/get-all-accounts/`, () =>
        HttpResponse.text(text, { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const session = createSessionStore();
    session.signIn('token');
    const client = createHttpClient({
      baseUrl: URL_BASE,
      accountsBaseUrl: URL_BASE,
      timeoutMs: 5000,
      sendIdempotencyKey: false,
      session,
    });
    const engine = createWorkerAccountsEngine(new LoopbackWorker() as unknown as Worker);
    return client.request({
      method: 'GET',
      base: 'accounts',
      path: '/v1/account/get-all-accounts/',
      pathTemplate: '/v1/account/get-all-accounts/',
      schema: accountListResponseSchema,
      decoder: decode ? () => engine.load() : undefined,
    });
  }
  async function failure(promise: Promise<unknown>): Promise<ApiError> {
    const error: unknown = await promise.then(
      () => new Error('expected a failure'),
      (reason: unknown) => reason,
    );
    if (!(error instanceof ApiError)) throw error;
    return error;
  }

  it('gives the same data as without it', async () => {
    const dataset = await fetchWith(validText, true);
    if (!('toArray' in dataset)) throw new Error('expected a dataset');
    expect({ accounts: dataset.toArray() }).toEqual(await fetchWith(validText, false));
  });

  it('gives the same contract error, naming the field, as without it', async () => {
    const withEngine = await failure(fetchWith(brokenText, true));
    const without = await failure(fetchWith(brokenText, false));
    expect(withEngine.kind).toBe('contract');
    expect(withEngine.field).toBe('accounts.1.tradeName');
    expect([withEngine.field, withEngine.message]).toEqual([without.field, without.message]);
  });

  it('gives the same error for a body that is not JSON', async () => {
    const withEngine = await failure(fetchWith('{"accounts": [', true));
    const without = await failure(fetchWith('{"accounts": [', false));
    expect(withEngine.kind).toBe('contract');
    expect(withEngine.message).toBe(without.message);
  });

  it('gives the same error for an empty body and for an HTML page', async () => {
    for (const text of ['', '<html>proxy error</html>']) {
      const withEngine = await failure(fetchWith(text, true));
      const without = await failure(fetchWith(text, false));
      expect(withEngine.kind).toBe('contract');
      expect(withEngine.message).toBe(without.message);
    }
  });

  it('runs the same answers on the main thread where there is no Worker', async () => {
    const engine = createInlineAccountsEngine();
    const dataset = await loaded(engine);
    expect(dataset.toArray()).toEqual(accounts);
    expect(Array.from((await engine.view(dataset, byName)).order)).toEqual([1, 2, 0]);
    expect(await (await engine.csv(dataset, Int32Array.from([0]), layout)).text()).toMatch(/Zeta;0,00$/);
  });
});
