import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { AccountDataset } from '@/api/accounts/account-dataset';
import { accountsEngine } from '@/api/accounts/accounts-engine';
import { providerOrder, type AccountsView } from '@/api/accounts/accounts-index';
import { sameSort, type SortState } from './account-columns';

export interface ShownAccounts extends AccountsView {
  /** The search these rows answer (the box may already hold a newer one). */
  query: string;
  /** True while a newer search or sort is being answered: these rows are the previous answer. */
  busy: boolean;
}

interface Answer {
  query: string;
  sort: SortState | null;
  view: AccountsView;
}

/**
 * A number per list the page has held: the views' query key names the list by it (the list itself, tens
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
  const dataset = accounts === null ? 0 : datasetId(accounts);
  // The list is named by its number (datasetId): the key cannot hold the list itself.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const answer = useQuery({
    queryKey: ['accounts-view', dataset, query, sort] as const,
    queryFn: async (): Promise<Answer> => {
      if (!accounts) throw new Error('no account list to search');
      return { query, sort, view: await accountsEngine().view(accounts, { query, sort }) };
    },
    enabled: accounts !== null && !trivial,
    // A view of a list that does not change is never stale; a new list is a new key.
    staleTime: Infinity,
    retry: false,
    // Order arrays are not plain data to share structure with.
    structuralSharing: false,
    // The previous answer stands in while the new one is computed, if it is about the same list.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === dataset ? previous : undefined,
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
      query: answer.query,
      busy: answer.query !== query || !sameSort(answer.sort, sort),
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
