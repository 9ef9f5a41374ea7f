import { queryOptions } from '@tanstack/react-query';
import type { AccountDataset } from './account-dataset';
import { accountsDecoderLoader } from '../accounts-decoder';
import { apiClient } from '../api-client';
import { decoderWhenLoaded } from './decoder-when-loaded';
import { accountListResponseSchema } from './accounts-schema';
import { endpoints } from '../schemas/endpoints';

/**
 * GET all accounts of the institution (section 4.6), from {accounts_base_url}, with the bearer token.
 * The body (100 000 accounts and more) is decoded and checked against the contract in a Web Worker as it
 * arrives, and the worker keeps the list; the page gets a packed copy (decision 012). The worker is the
 * accounts screen's, registered by the app (`registerAccountsDecoder`). The time-out counts from the last
 * byte received: a body of tens of megabytes that keeps arriving is not cut off.
 */
export async function fetchAccounts(signal?: AbortSignal): Promise<AccountDataset> {
  const load = accountsDecoderLoader();
  if (!load) throw new Error('the accounts list fetched before registerAccountsDecoder()');
  // Started now, the decoder (its code, then its worker) loads while the request is under way, not after
  // the body has arrived.
  const loading = load();
  // A load that fails fails the body's end; with no body (an error status) nobody waits for it.
  loading.catch(() => undefined);
  return apiClient().request({
    ...endpoints.allAccounts.request(),
    schema: accountListResponseSchema,
    decoder: () => decoderWhenLoaded(loading),
    timeoutFrom: 'last-byte',
    signal,
  });
}

export const accountQueries = {
  all: () => ['accounts'] as const,
  list: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchAccounts(signal),
      staleTime: 60_000,
    }),
};
