import { queryOptions } from '@tanstack/react-query';
import { accountsEngine } from './accounts-engine';
import type { AccountDataset } from './account-dataset';
import { apiClient } from './api-client';
import { accountListResponseSchema } from './schemas/accounts';
import { endpoints } from './schemas/endpoints';

/**
 * GET all accounts of the institution (section 4.6), from {accounts_base_url}, with the bearer token.
 * The body (100 000 accounts and more) is decoded and checked against the contract in a Web Worker as it
 * arrives, and the worker keeps the list; the page gets a packed copy (decision 012). The time-out counts from the last byte
 * received: a body of tens of megabytes that keeps arriving is not cut off.
 */
export async function fetchAccounts(signal?: AbortSignal): Promise<AccountDataset> {
  // Started now, the worker loads while the request is under way, not after the body has arrived.
  const engine = accountsEngine();
  return apiClient().request({
    ...endpoints.allAccounts.request(),
    schema: accountListResponseSchema,
    decoder: () => engine.load(),
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
