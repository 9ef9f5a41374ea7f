import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { AccountDataset } from '@/api/accounts/account-dataset';
import { accountQueries } from '@/api/accounts/accounts';
import { providerOrder, type AccountsView } from '@/api/accounts/accounts-index';
import { sameSort, type SortState } from './account-columns';

export interface ShownAccounts extends AccountsView {
  /** The search these rows answer (the box may already hold a newer one). */
  query: string;
  /** True while a newer search or sort is being answered: these rows are the previous answer. */
  busy: boolean;
}

/**
 * The rows a search and a sort show, answered by the accounts engine (a Web Worker, decision 012) through
 * a query per list, search and sort. Until the answer to the latest request arrives, the previous answer
 * for the same list stays, whole and marked busy (`placeholderData`): never a half-sorted list, and the
 * last one typed wins. With no search and no sort the rows are the provider's order, at once.
 */
export function useAccountsView(
  accounts: AccountDataset | null,
  query: string,
  sort: SortState | null,
): ShownAccounts | null {
  const trivial = query.trim() === '' && sort === null;
  const views = accountQueries.view(accounts, { query, sort });
  const answer = useQuery({
    ...views,
    enabled: !trivial,
    // The previous answer stands in while the new one is computed, if it is about the same list.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === views.queryKey[2] ? previous : undefined,
  }).data;

  const all = useMemo<AccountsView | null>(
    () => (accounts ? { order: providerOrder(accounts.count), totals: accounts.overview.totals } : null),
    [accounts],
  );

  if (!accounts || !all) return null;
  if (trivial) return { ...all, query: '', busy: false };
  if (answer) {
    return {
      ...answer.view,
      query: answer.request.query,
      busy: answer.request.query !== query || !sameSort(answer.request.sort, sort),
    };
  }
  return { ...all, query: '', busy: true };
}

/**
 * `value`, once it has not changed for `delay` ms: a search runs once the operator pauses, on exactly
 * what the box then holds.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
