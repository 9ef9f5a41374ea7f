import { useEffect, useMemo, useState } from 'react';
import { accountsEngine } from '@/api/accounts-engine';
import { providerOrder, type AccountDataset, type AccountsView } from '@/api/accounts-index';
import { sameSort, type SortState } from './account-rows';

export interface ShownAccounts extends AccountsView {
  /** The search these rows answer (the box may already hold a newer one). */
  query: string;
  /** True while a newer search or sort is being answered: these rows are the previous answer. */
  busy: boolean;
}

interface Answer {
  accounts: AccountDataset;
  query: string;
  sort: SortState | null;
  view: AccountsView;
}

/**
 * The rows a search and a sort show, answered by the accounts engine (a Web Worker, decision 012). Until
 * the answer to the latest request arrives, the previous answer stays, whole and marked busy: never a
 * half-sorted list. With no search and no sort the rows are the provider's order, at once.
 */
export function useAccountsView(
  accounts: AccountDataset | null,
  query: string,
  sort: SortState | null,
): ShownAccounts | null {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const trivial = query.trim() === '' && sort === null;

  useEffect(() => {
    if (!accounts || trivial) return undefined;
    let latest = true;
    void accountsEngine()
      .view(accounts, { query, sort })
      .then((view) => {
        // An answer to a request that a newer one replaced is dropped, so the last one typed wins.
        if (latest) setAnswer({ accounts, query, sort, view });
      });
    return () => {
      latest = false;
    };
  }, [accounts, query, sort, trivial]);

  const all = useMemo<AccountsView | null>(
    () => (accounts ? { order: providerOrder(accounts.count), totals: accounts.overview.totals } : null),
    [accounts],
  );

  if (!accounts || !all) return null;
  if (trivial) return { ...all, query: '', busy: false };
  if (answer?.accounts === accounts) {
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
