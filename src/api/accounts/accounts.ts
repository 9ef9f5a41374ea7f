import { queryOptions, skipToken } from '@tanstack/react-query';
import type { BodyDecoder, HttpClient } from '../http-client';
import { endpoints } from '../endpoints';
import type { AccountDataset } from './account-dataset';
import type { AccountsView, ViewRequest } from './accounts-index';
import { accountListResponseSchema } from './accounts-schema';
import { decoderWhenLoaded } from './decoder-when-loaded';

/** Loads what decodes the accounts body: resolves to a maker of one decoder per body. */
export type AccountsDecoderLoader = () => Promise<() => BodyDecoder<AccountDataset>>;

/**
 * The accounts engine as the body's decoder. A dynamic import: the engine is in no up-front code, and a
 * screen that shows the list (the accounts table, the cards screen's picker) downloads it when it asks.
 */
export const loadEngineDecoder: AccountsDecoderLoader = async () => {
  const { accountsEngine } = await import('./accounts-engine');
  // Created now, the worker loads while the request is under way.
  const engine = accountsEngine();
  return () => engine.load();
};

/**
 * GET all accounts of the institution (section 4.6), from {accounts_base_url}, with the bearer token.
 * The body (100 000 accounts and more) is decoded and checked against the contract by the accounts engine
 * (a Web Worker) as it arrives, and the worker keeps the list; the page gets a packed copy (decision 012).
 * The time-out counts from the last byte received: a body of tens of megabytes that keeps arriving is not
 * cut off. `loadDecoder` is the engine's; tests hand their own.
 */
export async function fetchAccounts(
  http: HttpClient,
  signal?: AbortSignal,
  loadDecoder: AccountsDecoderLoader = loadEngineDecoder,
): Promise<AccountDataset> {
  // Started now, the decoder (its code, then its worker) loads while the request is under way, not after
  // the body has arrived.
  const loading = loadDecoder();
  // A load that fails fails the body's end; with no body (an error status) nobody waits for it.
  loading.catch(() => undefined);
  return http.request({
    ...endpoints.allAccounts.request(),
    schema: accountListResponseSchema,
    decoder: () => decoderWhenLoaded(loading),
    timeoutFrom: 'last-byte',
    signal,
  });
}

/**
 * A number per list the page has held: a view's query key names the list by it (the list itself, tens
 * of megabytes of packed columns, cannot be hashed into a key).
 */
const datasetIds = new WeakMap<AccountDataset, number>();
let lastDatasetId = 0;
function datasetId(dataset: AccountDataset): number {
  let id = datasetIds.get(dataset);
  if (id === undefined) {
    lastDatasetId += 1;
    id = lastDatasetId;
    datasetIds.set(dataset, id);
  }
  return id;
}

/** A search and a sort of a list, with the request it answers (the screen may already ask a newer one). */
export interface AccountsViewAnswer {
  request: ViewRequest;
  view: AccountsView;
}

export const accountQueries = {
  all: () => ['accounts'] as const,
  list: (http: HttpClient) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchAccounts(http, signal),
      staleTime: 60_000,
      // As the products' (products.ts): the route loader asks on every visit; the screen shows its failure.
      retryOnMount: false,
    }),
  /**
   * What a search and a sort of `dataset` show, answered by the accounts engine (decision 012); none
   * until there is a list. The key names the list by its number (`datasetId`), at `[2]`.
   */
  view: (dataset: AccountDataset | null, request: ViewRequest) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'view', dataset && datasetId(dataset), request] as const,
      queryFn:
        dataset === null
          ? skipToken
          : async (): Promise<AccountsViewAnswer> => {
              // Already loaded by the list's decoder: no new download.
              const { accountsEngine } = await import('./accounts-engine');
              return { request, view: await accountsEngine().view(dataset, request) };
            },
      // A view of a list that does not change is never stale; a new list is a new key.
      staleTime: Infinity,
      retry: false,
      // Order arrays are not plain data to share structure with.
      structuralSharing: false,
    }),
};
