import { createDataset, overviewOf, type AccountDataset, type AccountsOverview } from './account-dataset';
import { createAccountListStream, decodeAccountList, type AccountListStream } from './accounts-stream';
import type { BodyDecoder, DecodedBody } from '../http-client';
import { packAccounts } from './packed-accounts';
import type { Account } from './accounts-schema';
import { onForgetEverything } from '@/lib/memory-store';
import { accountsCsv, type CsvLayout } from './accounts-csv';
import type { AccountsReply, AccountsRequest } from './accounts-protocol';
import { loadInWorker } from './accounts-worker-load';
import {
  createAccountsIndex,
  prepareSearch,
  viewAccounts,
  type AccountsIndex,
  type AccountsView,
  type ViewRequest,
} from './accounts-index';

/**
 * Decoding, searching, sorting and exporting the accounts list away from the main thread (decision 012).
 * The engine keeps the list; the page holds a packed copy (`AccountDataset`) and asks the engine for the
 * order of a search and a sort, and for the CSV. `accountsEngine()` answers from a Web Worker where there
 * is one, and from the same functions on the main thread where there is none (Vitest's jsdom) or where the
 * worker failed. Its `load` is the accounts body's decoder for every screen that fetches the list (the
 * cards screen's picker too): `fetchAccounts` imports it, lazily (accounts.ts).
 */
export interface AccountsEngine {
  /**
   * A decoder for the accounts body (the fetch client's `decoder`): decoded and checked against the
   * contract as the client would, in the worker as the bytes arrive.
   */
  load(): BodyDecoder<AccountDataset>;
  /** What a search and a sort of the list show. */
  view(dataset: AccountDataset, request: ViewRequest): Promise<AccountsView>;
  /** The CSV of the accounts at `order`'s positions, as a file's contents. */
  csv(dataset: AccountDataset, order: Int32Array, layout: CsvLayout): Promise<Blob>;
  /** Forgets every list it holds (the worker is stopped); the engine is not used again. */
  dispose(): void;
}

const CSV_TYPE = 'text/csv;charset=utf-8';

/** The worker's side: the lists it holds, by the id of the request that brought them. */
export interface AccountsWorkerState {
  datasets: Map<number, AccountsIndex>;
  /** Bodies arriving: decoded as they come, and their bytes, for the reference decoding if need be. */
  bodies: Map<number, { stream: AccountListStream; chunks: Uint8Array[] }>;
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
 * body is answered with the list packed in a few flat values (the typed arrays moved, not copied): the
 * page never parses the body nor receives an object per account.
 */
export function answerAccountsRequest(
  state: AccountsWorkerState,
  request: AccountsRequest,
): { reply: AccountsReply | null; transfer: Transferable[]; after?: () => void } {
  switch (request.type) {
    case 'begin':
      state.bodies.set(request.id, { stream: createAccountListStream(), chunks: [] });
      return { reply: null, transfer: [] };
    case 'chunk': {
      const body = state.bodies.get(request.id);
      body?.chunks.push(request.bytes);
      body?.stream.push(request.bytes);
      return { reply: null, transfer: [] };
    }
    case 'cancel':
      state.bodies.delete(request.id);
      return { reply: null, transfer: [] };
    case 'end': {
      const body = state.bodies.get(request.id);
      state.bodies.delete(request.id);
      const streamed = body?.stream.finish() ?? null;
      // Anything the stream did not find exactly as expected: the whole body, the reference way.
      const outcome: DecodedBody<{ accounts: readonly Account[] }> = streamed
        ? { kind: 'ok', data: streamed }
        : decodeAccountList(concatenated(body?.chunks ?? []));
      if (outcome.kind !== 'ok') return { reply: { id: request.id, type: 'decoded', outcome }, transfer: [] };
      const { accounts } = outcome.data;
      const index = createAccountsIndex(accounts);
      keep(state, request.id, index);
      const packed = packAccounts(accounts);
      return {
        reply: {
          id: request.id,
          type: 'loaded',
          dataset: request.id,
          packed,
          overview: overviewOf(accounts),
        },
        transfer: [packed.ends.buffer, packed.balances.buffer, packed.defaults.buffer],
        // The search keys, built while the page paints its first rows: the first search finds them ready.
        after: () => prepareSearch(index),
      };
    }
    case 'index':
      keep(state, request.id, createAccountsIndex(createDataset(request.packed, noOverview).toArray()));
      return { reply: { id: request.id, type: 'indexed', dataset: request.id }, transfer: [] };
    case 'view': {
      const index = state.datasets.get(request.dataset);
      if (!index) return { reply: { id: request.id, type: 'unknown-dataset' }, transfer: [] };
      const view = viewAccounts(index, request);
      return { reply: { id: request.id, type: 'view', view }, transfer: [view.order.buffer] };
    }
    case 'csv': {
      const index = state.datasets.get(request.dataset);
      if (!index) return { reply: { id: request.id, type: 'unknown-dataset' }, transfer: [] };
      const file = new Blob([accountsCsv(index.accounts, request.order, request.layout)], { type: CSV_TYPE });
      return { reply: { id: request.id, type: 'csv', file }, transfer: [] };
    }
  }
}

function concatenated(chunks: readonly Uint8Array[]): ArrayBuffer {
  const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** A list indexed again from its packed copy needs no overview: the page has it. */
const noOverview: AccountsOverview = {
  totals: { total: 0, blocked: 0, available: 0 },
  firstFractional: null,
};

/** The same answers on the main thread. */
export function createInlineAccountsEngine(): AccountsEngine {
  const indexes = new WeakMap<AccountDataset, AccountsIndex>();
  const indexOf = (dataset: AccountDataset): AccountsIndex => {
    let index = indexes.get(dataset);
    if (!index) {
      index = createAccountsIndex(dataset.toArray());
      indexes.set(dataset, index);
    }
    return index;
  };
  // The whole body at its end, the reference way.
  const decodeAtEnd = (chunks: readonly Uint8Array[]): Promise<DecodedBody<AccountDataset>> => {
    const outcome = decodeAccountList(concatenated(chunks));
    if (outcome.kind !== 'ok') return Promise.resolve(outcome);
    const { accounts } = outcome.data;
    const dataset = createDataset(packAccounts(accounts), overviewOf(accounts));
    indexes.set(dataset, createAccountsIndex(accounts));
    return Promise.resolve({ kind: 'ok', data: dataset });
  };
  return {
    load() {
      let chunks: Uint8Array[] = [];
      return {
        push: (chunk) => void chunks.push(chunk),
        end: () => decodeAtEnd(chunks),
        cancel: () => {
          chunks = [];
        },
      };
    },
    view: (dataset, request) => Promise.resolve(viewAccounts(indexOf(dataset), request)),
    csv: (dataset, order, layout) =>
      Promise.resolve(new Blob([accountsCsv(indexOf(dataset).accounts, order, layout)], { type: CSV_TYPE })),
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
  const pending = new Map<number, Pending>();
  const datasets = new WeakMap<AccountDataset, number>();
  let broken = false;
  let nextId = 1;

  function post(request: AccountsRequest, transfer: Transferable[] = []) {
    if (!broken) worker.postMessage(request, transfer);
  }

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
      post(request);
    });
  }

  /** The worker's id of a list, indexing it from its packed copy when the worker has not got it. */
  async function indexed(dataset: AccountDataset): Promise<number | null> {
    const known = datasets.get(dataset);
    if (known !== undefined) return known;
    const id = nextId++;
    const answer = await ask<number | null>(
      { id, type: 'index', packed: dataset.packed },
      (reply) => (reply.type === 'indexed' ? reply.dataset : null),
      () => Promise.resolve(null),
    );
    if (answer !== null) datasets.set(dataset, answer);
    return answer;
  }

  /** A request about a list the worker holds; asked again once if the worker had let it go. */
  async function about<T>(
    dataset: AccountDataset,
    request: (id: number, held: number) => AccountsRequest,
    onReply: (reply: AccountsReply) => T | null,
    onMainThread: () => Promise<T>,
    retry = true,
  ): Promise<T> {
    const held = await indexed(dataset);
    if (held === null) return onMainThread();
    const answer = await ask<T | null>(request(nextId++, held), onReply, onMainThread);
    if (answer !== null) return answer;
    datasets.delete(dataset);
    return retry ? about(dataset, request, onReply, onMainThread, false) : onMainThread();
  }

  return {
    load() {
      const id = nextId++;
      post({ id, type: 'begin' });
      return loadInWorker(id, inline.load(), {
        isBroken: () => broken,
        post,
        ask,
        remember: (dataset, held) => datasets.set(dataset, held),
      });
    },
    view: (dataset, request) =>
      about(
        dataset,
        (id, held) => ({ id, type: 'view', dataset: held, ...request }),
        (reply) => (reply.type === 'view' ? reply.view : null),
        () => inline.view(dataset, request),
      ),
    csv: (dataset, order, layout) =>
      about(
        dataset,
        (id, held) => ({ id, type: 'csv', dataset: held, order, layout }),
        (reply) => (reply.type === 'csv' ? reply.file : null),
        () => inline.csv(dataset, order, layout),
      ),
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
