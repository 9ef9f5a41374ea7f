import { queryOptions } from '@tanstack/react-query';
import { accountsEngine } from './accounts-engine';
import { apiClient } from './api-client';
import { accountListResponseSchema, type Account } from './schemas/accounts';
import { endpoints } from './schemas/endpoints';

/**
 * GET all accounts of the institution (section 4.6), from {accounts_base_url}, with the bearer token.
 * The body (10 000 accounts and more) is checked against the contract in a Web Worker (decision 012).
 */
export async function fetchAccounts(signal?: AbortSignal): Promise<Account[]> {
  // Started now, the worker loads while the request is under way, not after the body has arrived.
  const engine = accountsEngine();
  const body = await apiClient().request({
    ...endpoints.allAccounts.request(),
    schema: accountListResponseSchema,
    decode: (text) => engine.decode(text),
    signal,
  });
  return body.accounts;
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
