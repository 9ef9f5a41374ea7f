import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { accountQueries } from '@/api/accounts';
import type { AccountDataset } from '@/api/accounts-index';
import { isApiError } from '@/api/api-error';
import { ACCOUNTS_READ_SCOPE, scopeStatus } from '@/api/scopes';
import { session } from '@/api/session';
import type { Account } from '@/api/schemas/accounts';

/** Every account as an object, for a screen that lists them all (built once per list). */
const asArray = (dataset: AccountDataset): readonly Account[] => dataset.toArray();

/**
 * The institution's account list, for the screens that show it (accounts, the virtual-card picker),
 * with the one rule about its scope: a JWT without `accounts:read` is `forbidden` without asking the
 * provider for a certain 403; an opaque token is asked, and a 403 answer means the same. The data is the
 * list as the page holds it (`AccountDataset`: a packed copy, objects on demand; decision 012).
 */
export function useAccountDataset() {
  const scope = useAccountsScope();
  const accounts = useQuery({ ...accountQueries.list(), enabled: scope !== 'missing' });
  return { accounts, forbidden: isForbidden(scope, accounts.error) };
}

/** The same list, every account as an object (a picker that offers them all). */
export function useAccountList() {
  const scope = useAccountsScope();
  const accounts = useQuery({ ...accountQueries.list(), enabled: scope !== 'missing', select: asArray });
  return { accounts, forbidden: isForbidden(scope, accounts.error) };
}

function useAccountsScope() {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return scopeStatus(state, ACCOUNTS_READ_SCOPE);
}

function isForbidden(scope: ReturnType<typeof scopeStatus>, error: unknown): boolean {
  return scope === 'missing' || (isApiError(error) && error.status === 403);
}
