import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '@/api/accounts';
import { isApiError } from '@/api/api-error';
import { ACCOUNTS_READ_SCOPE, scopeStatus } from '@/api/scopes';
import { useSession } from './use-session';

/**
 * The institution's account list, for the screens that show it (accounts, the virtual-card picker),
 * with the one rule about its scope: a JWT without `accounts:read` is `forbidden` without asking the
 * provider for a certain 403; an opaque token is asked, and a 403 answer means the same.
 */
export function useAccountList() {
  const state = useSession();
  const scope = scopeStatus(state, ACCOUNTS_READ_SCOPE);
  const accounts = useQuery({ ...accountQueries.list(), enabled: scope !== 'missing' });
  const forbidden = scope === 'missing' || (isApiError(accounts.error) && accounts.error.status === 403);
  return { accounts, forbidden };
}
