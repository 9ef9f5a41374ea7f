// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  answerAccountsRequest,
  createInlineAccountsEngine,
  createWorkerAccountsEngine,
  type AccountsReply,
  type AccountsRequest,
  type AccountsWorkerState,
} from './accounts-engine';
import { ApiError } from './api-error';
import { createHttpClient } from './http-client';
import { accountListResponseSchema, type Account } from './schemas/accounts';
import { createSessionStore } from './session';

const accounts: Account[] = ['Zeta', 'Alfa', 'Meio'].map((tradeName, index) => ({
  accountId: String(index + 1),
  isDefault: index === 0,
  balance: { total: index, blocked: 0, available: index * 10 },
  taxId: `1122233300018${index}`,
  officialName: `${tradeName} Ltda`,
  tradeName,
  branch: '0001',
  account: `${index}-0`,
}));
const validText = JSON.stringify({ accounts });
const brokenText = JSON.stringify({ accounts: [accounts[0], { ...accounts[1], tradeName: 7 }] });
const byName = { query: '', sort: { column: 'tradeName', direction: 'asc' } } as const;

describe('answerAccountsRequest (what the worker runs)', () => {
  const fresh = (): AccountsWorkerState => ({ datasets: new Map() });

  it('answers a valid body with a verdict and the list it now holds, then views of that list', () => {
    const state = fresh();
    const decoded = answerAccountsRequest(state, { id: 1, type: 'decode', text: validText });
    expect(decoded.reply).toEqual({
      id: 1,
      type: 'indexed',
      dataset: 1,
      // Worked out with the decoding, so that the page need not walk the list for them.
      overview: { totals: { total: 3, blocked: 0, available: 30 }, firstFractional: null },
    });
    decoded.after?.();
    const { reply, transfer } = answerAccountsRequest(state, { id: 2, type: 'view', dataset: 1, ...byName });
    if (reply.type !== 'view') throw new Error(`unexpected ${reply.type}`);
    expect(Array.from(reply.view.order)).toEqual([1, 2, 0]);
    // The order goes back without a copy.
    expect(transfer).toEqual([reply.view.order.buffer]);
  });

  it('answers a body that breaks the contract with the field, and holds nothing', () => {
    const state = fresh();
    const { reply } = answerAccountsRequest(state, { id: 1, type: 'decode', text: brokenText });
    expect(reply).toMatchObject({
      type: 'decoded',
      outcome: { kind: 'contract', field: 'accounts.1.tradeName' },
    });
    expect(state.datasets.size).toBe(0);
  });

  it('keeps the last two lists and says so when asked about an older one', () => {
    const state = fresh();
    for (const id of [1, 2, 3]) answerAccountsRequest(state, { id, type: 'index', accounts });
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
  readonly state: AccountsWorkerState = { datasets: new Map() };
  readonly received: AccountsRequest['type'][] = [];
  terminated = false;
  /** What the worker's answer becomes on its way back (a test's way to tell where a figure came from). */
  replyWith: (reply: AccountsReply) => AccountsReply = (reply) => reply;
  postMessage(request: AccountsRequest) {
    this.received.push(request.type);
    const copy = structuredClone(request);
    setTimeout(() => {
      if (this.terminated) return;
      const { reply } = answerAccountsRequest(this.state, copy);
      const data = structuredClone(this.replyWith(reply));
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

describe('createWorkerAccountsEngine', () => {
  it('decodes through the worker and views the list it holds, without sending the list back', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const decoded = await engine.decode(validText);
    if (decoded.kind !== 'ok') throw new Error(decoded.kind);
    expect(decoded.data).toEqual({ accounts });
    const view = await engine.view(decoded.data.accounts, byName);
    expect(Array.from(view.order)).toEqual([1, 2, 0]);
    expect(worker.received).toEqual(['decode', 'view']);
  });

  it("takes a decoded list's totals and fractional check from the worker's verdict, not from a second walk", async () => {
    const worker = new LoopbackWorker();
    worker.replyWith = (reply) =>
      reply.type === 'indexed'
        ? { ...reply, overview: { totals: { total: 7, blocked: 8, available: 9 }, firstFractional: null } }
        : reply;
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const decoded = await engine.decode(validText);
    if (decoded.kind !== 'ok') throw new Error(decoded.kind);
    expect(engine.overview(decoded.data.accounts).totals).toEqual({ total: 7, blocked: 8, available: 9 });
    // A list the worker did not decode (e.g. from the query cache) is summed here, once.
    const fractional = accounts.map((account, index) =>
      index === 2 ? { ...account, balance: { ...account.balance, blocked: 0.5 } } : account,
    );
    expect(engine.overview(fractional)).toEqual({
      totals: { total: 3, blocked: 0.5, available: 30 },
      firstFractional: { index: 2, field: 'balance.blocked', value: 0.5 },
    });
    expect(engine.overview(fractional)).toBe(engine.overview(fractional));
  });

  it('gives the contract failure of the worker', async () => {
    const engine = createWorkerAccountsEngine(new LoopbackWorker() as unknown as Worker);
    expect(await engine.decode(brokenText)).toMatchObject({
      kind: 'contract',
      field: 'accounts.1.tradeName',
    });
  });

  it('indexes a list it has not decoded (e.g. one from the query cache) before viewing it', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const view = await engine.view(accounts, { query: 'meio', sort: null });
    expect(Array.from(view.order)).toEqual([2]);
    expect(worker.received).toEqual(['index', 'view']);
  });

  it('answers on the main thread when the worker fails, for what was waiting and what comes after', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    const waiting = engine.decode(validText);
    worker.fail();
    expect(worker.terminated).toBe(true);
    expect((await waiting).kind).toBe('ok');
    const view = await engine.view(accounts, byName);
    expect(Array.from(view.order)).toEqual([1, 2, 0]);
    expect(worker.received).toEqual(['decode']);
  });

  it('stops the worker, and the lists it holds, when disposed (sign-out)', async () => {
    const worker = new LoopbackWorker();
    const engine = createWorkerAccountsEngine(worker as unknown as Worker);
    await engine.decode(validText);
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
      decode: decode ? (body) => engine.decode(body) : undefined,
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
    expect(await fetchWith(validText, true)).toEqual(await fetchWith(validText, false));
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

  it('runs the same answers on the main thread where there is no Worker', async () => {
    const engine = createInlineAccountsEngine();
    const decoded = await engine.decode(validText);
    if (decoded.kind !== 'ok') throw new Error(decoded.kind);
    expect(Array.from((await engine.view(decoded.data.accounts, byName)).order)).toEqual([1, 2, 0]);
  });
});
