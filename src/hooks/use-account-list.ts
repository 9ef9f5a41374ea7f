import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '@/api/accounts/accounts';
import type { AccountDataset } from '@/api/accounts/account-dataset';
import type { ApiError } from '@/api/api-error';
import { ACCOUNTS_READ_SCOPE, scopeStatus } from '@/api/scopes';
import type { Account } from '@/api/accounts/accounts-schema';
import { useServices } from './services-context';
import { useSession } from './use-session';

/** Every account as an object, for a screen that lists them all (built once per list). */
const asArray = (dataset: AccountDataset): readonly Account[] => dataset.toArray();

/**
 * The institution's account list, for the screens that show it (accounts, the virtual-card picker),
 * with the one rule about its scope: a JWT without `accounts:read` is `forbidden` without asking the
 * provider for a certain 403; an opaque token is asked, and a 403 answer means the same. The data is the
 * list as the page holds it (`AccountDataset`: a packed copy, objects on demand; decision 012).
 */
export function useAccountDataset() {
  const scope = scopeStatus(useSession(), ACCOUNTS_READ_SCOPE);
  const { http } = useServices();
  const accounts = useQuery({ ...accountQueries.list(http), enabled: scope !== 'missing' });
  return { accounts, forbidden: isForbidden(scope, accounts.error) };
}

/** The same list, every account as an object (a picker that offers them all). */
export function useAccountList() {
  const scope = scopeStatus(useSession(), ACCOUNTS_READ_SCOPE);
  const { http } = useServices();
  const accounts = useQuery({ ...accountQueries.list(http), enabled: scope !== 'missing', select: asArray });
  return { accounts, forbidden: isForbidden(scope, accounts.error) };
}

function isForbidden(scope: ReturnType<typeof scopeStatus>, error: ApiError | null): boolean {
  return scope === 'missing' || error?.status === 403;
}
