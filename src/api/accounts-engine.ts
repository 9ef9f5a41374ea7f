import { onForgetEverything } from '@/lib/memory-store';
import {
  createAccountsIndex,
  decodeAccountList,
  overviewOf,
  prepareSearch,
  viewAccounts,
  type AccountsIndex,
  type AccountsOverview,
  type AccountsView,
  type ViewRequest,
} from './accounts-index';
import type { DecodedBody } from './http-client';
import type { Account, AccountListResponse } from './schemas/accounts';

/**
 * Decoding, searching and sorting the accounts list away from the main thread (decision 012).
 * `accountsEngine()` answers from a Web Worker where there is one, and from the same functions on the
 * main thread where there is none (Vitest's jsdom) or where the worker failed to start.
 */
export interface AccountsEngine {
  /** The accounts body's text, decoded and checked against the contract, as the fetch client would. */
  decode(text: string): Promise<DecodedBody<AccountListResponse>>;
  /** What a search and a sort of `accounts` show. */
  view(accounts: readonly Account[], request: ViewRequest): Promise<AccountsView>;
  /** Totals and the first fractional balance of a list: from its decoding when known, else computed here. */
  overview(accounts: readonly Account[]): AccountsOverview;
  /** Forgets every list it holds (the worker is stopped); the engine is not used again. */
  dispose(): void;
}

// The messages between the page and the worker.
export type AccountsRequest =
  | { id: number; type: 'decode'; text: string }
  | { id: number; type: 'index'; accounts: readonly Account[] }
  | ({ id: number; type: 'view'; dataset: number } & ViewRequest);

export type AccountsReply =
  | { id: number; type: 'decoded'; outcome: Exclude<DecodedBody<unknown>, { kind: 'ok' }> }
  | { id: number; type: 'indexed'; dataset: number; overview?: AccountsOverview }
  | { id: number; type: 'view'; view: AccountsView }
  /** The worker no longer holds that list (it keeps the last two): index it again. */
  | { id: number; type: 'unknown-dataset' };

/** The worker's side: the lists it holds, by the id of the request that brought them. */
export interface AccountsWorkerState {
  datasets: Map<number, AccountsIndex>;
}

const KEPT_DATASETS = 2;

function keep(state: AccountsWorkerState, dataset: number, index: AccountsIndex): void {
  state.datasets.set(dataset, index);
  for (const old of state.datasets.keys()) {
    if (state.datasets.size <= KEPT_DATASETS) break;
    state.datasets.delete(old);
  }
}

/**
 * The worker's answer to one request (pure but for `state`), and what to do once it is sent. A decoded
 * body is answered with a verdict only: the page parses the same text itself meanwhile, which costs the
 * main thread less than receiving 10 000 cloned objects (the schema has no transforms, so the two agree).
 */
export function answerAccountsRequest(
  state: AccountsWorkerState,
  request: AccountsRequest,
): { reply: AccountsReply; transfer: Transferable[]; after?: () => void } {
  switch (request.type) {
    case 'decode': {
      const outcome = decodeAccountList(request.text);
      if (outcome.kind !== 'ok') return { reply: { id: request.id, type: 'decoded', outcome }, transfer: [] };
      const index = createAccountsIndex(outcome.data.accounts);
      keep(state, request.id, index);
      return {
        reply: {
          id: request.id,
          type: 'indexed',
          dataset: request.id,
          overview: overviewOf(outcome.data.accounts),
        },
        transfer: [],
        // The search keys, built while the page paints its first rows: the first search finds them ready.
        after: () => prepareSearch(index),
      };
    }
    case 'index':
      keep(state, request.id, createAccountsIndex(request.accounts));
      return { reply: { id: request.id, type: 'indexed', dataset: request.id }, transfer: [] };
    case 'view': {
      const index = state.datasets.get(request.dataset);
      if (!index) return { reply: { id: request.id, type: 'unknown-dataset' }, transfer: [] };
      const view = viewAccounts(index, request);
      return { reply: { id: request.id, type: 'view', view }, transfer: [view.order.buffer] };
    }
  }
}

/** Overviews by list: known from a decoding, or computed once on first use. */
function overviewCache() {
  const overviews = new WeakMap<readonly Account[], AccountsOverview>();
  return {
    remember: (accounts: readonly Account[], overview: AccountsOverview) => overviews.set(accounts, overview),
    overview: (accounts: readonly Account[]): AccountsOverview => {
      let overview = overviews.get(accounts);
      if (!overview) {
        overview = overviewOf(accounts);
        overviews.set(accounts, overview);
      }
      return overview;
    },
  };
}

/** The same answers on the main thread. */
export function createInlineAccountsEngine(): AccountsEngine {
  const indexes = new WeakMap<readonly Account[], AccountsIndex>();
  const { overview } = overviewCache();
  return {
    overview,
    decode: (text) => Promise.resolve(decodeAccountList(text)),
    view(accounts, request) {
      let index = indexes.get(accounts);
      if (!index) {
        index = createAccountsIndex(accounts);
        indexes.set(accounts, index);
      }
      return Promise.resolve(viewAccounts(index, request));
    },
    // The lists are only referenced by the WeakMap's keys: nothing to drop.
    dispose: () => undefined,
  };
}

interface Pending {
  answer: (reply: AccountsReply) => void;
  /** The worker failed: answer on the main thread instead. */
  fallBack: () => void;
}

/** An engine over a worker speaking the messages above; on a worker error, the inline engine takes over. */
export function createWorkerAccountsEngine(worker: Worker): AccountsEngine {
  const inline = createInlineAccountsEngine();
  const overviews = overviewCache();
  const pending = new Map<number, Pending>();
  const datasets = new WeakMap<readonly Account[], number>();
  let broken = false;
  let nextId = 1;

  worker.addEventListener('message', (event: MessageEvent<AccountsReply>) => {
    const waiting = pending.get(event.data.id);
    pending.delete(event.data.id);
    waiting?.answer(event.data);
  });
  const stop = () => {
    broken = true;
    worker.terminate();
    const waiting = [...pending.values()];
    pending.clear();
    for (const request of waiting) request.fallBack();
  };
  worker.addEventListener('error', (event) => {
    // E.g. a CSP without worker-src, or a chunk that failed to load: the main thread answers instead.
    event.preventDefault();
    stop();
  });

  function ask<T>(
    request: AccountsRequest,
    onReply: (reply: AccountsReply) => T | Promise<T>,
    fallBack: () => Promise<T>,
  ): Promise<T> {
    if (broken) return fallBack();
    return new Promise<T>((resolve, reject) => {
      pending.set(request.id, {
        answer: (reply) => {
          try {
            resolve(onReply(reply));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
        fallBack: () => void fallBack().then(resolve, reject),
      });
      worker.postMessage(request);
    });
  }

  async function indexed(accounts: readonly Account[]): Promise<number | null> {
    const known = datasets.get(accounts);
    if (known !== undefined) return known;
    const id = nextId++;
    const dataset = await ask<number | null>(
      { id, type: 'index', accounts },
      (reply) => (reply.type === 'indexed' ? reply.dataset : null),
      () => Promise.resolve(null),
    );
    if (dataset !== null) datasets.set(accounts, dataset);
    return dataset;
  }

  async function view(
    accounts: readonly Account[],
    request: ViewRequest,
    retry = true,
  ): Promise<AccountsView> {
    const dataset = await indexed(accounts);
    if (dataset === null) return inline.view(accounts, request);
    const answer = await ask<AccountsView | null>(
      { id: nextId++, type: 'view', dataset, ...request },
      (reply) => (reply.type === 'view' ? reply.view : null),
      () => inline.view(accounts, request),
    );
    if (answer) return answer;
    datasets.delete(accounts);
    return retry ? view(accounts, request, false) : inline.view(accounts, request);
  }

  return {
    decode(text) {
      const id = nextId++;
      const verdict = ask<DecodedBody<AccountListResponse> | Extract<AccountsReply, { type: 'indexed' }>>(
        { id, type: 'decode', text },
        (reply) => {
          if (reply.type === 'indexed') return reply;
          if (reply.type === 'decoded') return reply.outcome;
          throw new Error(`accounts worker: a '${reply.type}' reply to a decode`);
        },
        () => inline.decode(text),
      );
      // While the worker checks the contract, this thread parses the same text for its own copy.
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // The worker's verdict says so, with the client's message.
      }
      return verdict.then((outcome) => {
        if (!('type' in outcome)) return outcome;
        // The worker found `text` valid: `parsed` is the same JSON, and the schema transforms nothing.
        const data = parsed as AccountListResponse;
        datasets.set(data.accounts, outcome.dataset);
        if (outcome.overview) overviews.remember(data.accounts, outcome.overview);
        return { kind: 'ok', data };
      });
    },
    view: (accounts, request) => view(accounts, request),
    overview: (accounts) => overviews.overview(accounts),
    dispose: stop,
  };
}

let engine: AccountsEngine | null = null;

// Signing out stops the worker with the account lists it holds; the next list gets a fresh one.
onForgetEverything(() => {
  engine?.dispose();
  engine = null;
});

/** The app's engine: a module worker where the browser has Worker, else the main thread. */
export function accountsEngine(): AccountsEngine {
  if (!engine) {
    try {
      engine =
        typeof Worker === 'function'
          ? createWorkerAccountsEngine(
              new Worker(new URL('./accounts.worker.ts', import.meta.url), {
                type: 'module',
                name: 'accounts',
              }),
            )
          : createInlineAccountsEngine();
    } catch {
      // A browser that refuses the worker outright (SecurityError): the same work on this thread.
      engine = createInlineAccountsEngine();
    }
  }
  return engine;
}
