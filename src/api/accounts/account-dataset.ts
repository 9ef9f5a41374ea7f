/**
 * The accounts list as the page holds it (`AccountDataset`): the worker's packed copy, read one account
 * at a time as rows are drawn, with the overview (totals, the first fractional balance) computed once.
 */
import { findFractionalBalance, type FractionalBalance } from '@/lib/money';
import { unpackAccount, type PackedAccounts } from './packed-accounts';
import type { Account } from './accounts-schema';

export interface AccountTotals {
  total: number;
  blocked: number;
  available: number;
}

/**
 * What the page needs of a whole list before its first rows: the totals, and the first balance that is
 * not a whole number (read as centavos, a fraction contradicts the unit; the page decides by its unit).
 * The worker computes it with the decoding, so the main thread does not walk 10 000 accounts twice.
 */
export interface AccountsOverview {
  totals: AccountTotals;
  firstFractional: FractionalBalance | null;
}

export function overviewOf(accounts: readonly Account[]): AccountsOverview {
  return { totals: totalsOf(accounts), firstFractional: findFractionalBalance(accounts, 'centavos') };
}

/** Sums of the balances of `accounts` (at `order`'s positions, when given). */
export function totalsOf(accounts: readonly Account[], order?: Int32Array): AccountTotals {
  const totals = { total: 0, blocked: 0, available: 0 };
  const count = order ? order.length : accounts.length;
  for (let i = 0; i < count; i += 1) {
    const account = accounts[order ? (order[i] ?? -1) : i];
    if (!account) continue;
    totals.total += account.balance.total;
    totals.blocked += account.balance.blocked;
    totals.available += account.balance.available;
  }
  return totals;
}

/**
 * A list of accounts as the page holds it (what `fetchAccounts` gives): the packed copy the worker sent,
 * its overview, and an object for an account only when something asks for it (the rows drawn, the account
 * of a row's action).
 */
export interface AccountDataset {
  readonly count: number;
  readonly overview: AccountsOverview;
  readonly packed: PackedAccounts;
  /** The account at a position of the provider's order (the same object while it is in use). */
  at(position: number): Account | undefined;
  /** Every account as an object, built once (the virtual-card picker lists them all). */
  toArray(): readonly Account[];
}

/** Objects built for `at` and kept: a few screenfuls; beyond that they are built again. */
const KEPT_ROWS = 4096;

export function createDataset(packed: PackedAccounts, overview: AccountsOverview): AccountDataset {
  const built = new Map<number, Account>();
  let all: Account[] | null = null;
  const at = (position: number): Account | undefined => {
    if (!Number.isInteger(position) || position < 0 || position >= packed.count) return undefined;
    if (all) return all[position];
    let account = built.get(position);
    if (!account) {
      if (built.size >= KEPT_ROWS) built.clear();
      account = unpackAccount(packed, position);
      built.set(position, account);
    }
    return account;
  };
  return {
    count: packed.count,
    overview,
    packed,
    at,
    toArray() {
      all ??= Array.from({ length: packed.count }, (_, position) => unpackAccount(packed, position));
      return all;
    },
  };
}
