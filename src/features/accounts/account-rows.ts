import type { Account } from '@/api/schemas/accounts';
import { formatCnpj } from '@/lib/cnpj';
import { onlyDigits } from '@/lib/digit-pattern';

/**
 * Column order: what tells one account from another first (two accounts may share a trade name: the
 * CNPJ, agência/conta and the provider's `accountId` set them apart), then the balances.
 * Which columns show by default depends on the width (`defaultColumns` in accounts-page.tsx).
 */
export const columnIds = [
  'tradeName',
  'taxId',
  'branch',
  'account',
  'code',
  'available',
  'total',
  'blocked',
  'isDefault',
  'officialName',
] as const;
export type ColumnId = (typeof columnIds)[number];
export const moneyColumns = ['total', 'blocked', 'available'] as const satisfies readonly ColumnId[];
export type MoneyColumn = (typeof moneyColumns)[number];

export function isMoneyColumn(column: ColumnId): column is MoneyColumn {
  return column === 'total' || column === 'blocked' || column === 'available';
}

/**
 * An account with its formatted tax id. What searching needs (`searchKeys`) is built after the first rows
 * have painted, in slices (prepareSearchKeys), or on first use: building it for 10 000 rows at once was a
 * long task between the accounts response and the first rows (issue 14).
 */
export interface AccountRow {
  account: Account;
  /** `00.000.000/0000-00` when the tax id is 14 digits. */
  taxIdFormatted: string;
  /** A cache, filled by searchKeysOf; not part of the row's value. */
  searchKeys?: SearchKeys;
}

interface SearchKeys {
  /** Lower case, accents removed: names, tax id (both forms) and account. */
  haystack: string;
  /** Digits only of tax id, account and account id, for searches typed with or without punctuation. */
  digits: string;
}

/** Lower case without accents or combining marks: "São" → "sao". */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII: skip the (costly) normalisation for them; 10 000 rows are folded at once.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(lower)) return lower;
  return lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function toRows(accounts: readonly Account[]): AccountRow[] {
  return accounts.map((account) => ({ account, taxIdFormatted: formatCnpj(account.taxId) }));
}

function searchKeysOf(row: AccountRow): SearchKeys {
  if (!row.searchKeys) {
    const { account } = row;
    row.searchKeys = {
      haystack: fold(
        `${account.tradeName}\n${account.officialName}\n${account.taxId}\n${row.taxIdFormatted}\n${account.account}\n${account.accountId}`,
      ),
      digits: `${account.taxId}\n${account.account}\n${account.accountId}`.replace(/[^\d\n]/g, ''),
    };
  }
  return row.searchKeys;
}

/**
 * Builds the search keys of `rows` in slices of `sliceSize`, one slice per task, so that no task is long
 * and a search typed later finds them ready. Returns a function that stops it (e.g. on unmount).
 */
export function prepareSearchKeys(rows: readonly AccountRow[], sliceSize = 1000): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const end = Math.min(rows.length, next + sliceSize);
    for (; next < end; next += 1) {
      const row = rows[next];
      if (row) searchKeysOf(row);
    }
    if (next < rows.length) timer = setTimeout(slice, 0);
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
}

/** The value a column sorts by: folded text for names, numbers for balances, default first. */
function sortKeyOf({ account }: AccountRow, column: ColumnId): string | number {
  switch (column) {
    case 'tradeName':
    case 'officialName':
      return fold(account[column]);
    case 'code':
      return account.accountId;
    case 'isDefault':
      return account.isDefault ? 0 : 1;
    case 'total':
    case 'blocked':
    case 'available':
      return account.balance[column];
    default:
      return account[column];
  }
}

/** Rows whose names, tax id or account contain the query (accents and case ignored). */
export function searchRows(rows: readonly AccountRow[], query: string): readonly AccountRow[] {
  const folded = fold(query.trim());
  if (folded === '') return rows;
  const queryDigits = onlyDigits(folded);
  // A query of digits and punctuation only ("11.222.333", "12345-6") also matches the bare digits.
  const digitsOnly = queryDigits !== '' && /^[\d\s./-]+$/.test(folded);
  return rows.filter((row) => {
    const keys = searchKeysOf(row);
    return keys.haystack.includes(folded) || (digitsOnly && keys.digits.includes(queryDigits));
  });
}

export interface SortState {
  column: ColumnId;
  direction: 'asc' | 'desc';
}

/**
 * Sorted copy. Keys are computed once per sort, so the comparison is a plain `<` (a collator would cost
 * several times more on 10 000 rows); ties keep the provider's order (Array.prototype.sort is stable).
 */
export function sortRows(rows: readonly AccountRow[], sort: SortState | null): readonly AccountRow[] {
  if (!sort) return rows;
  const { column } = sort;
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Pairs of (key, row) keep the comparator monomorphic: all strings or all numbers.
  const keyed = rows.map((row, index) => ({ key: sortKeyOf(row, column), index, row }));
  keyed.sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : a.index - b.index));
  return keyed.map(({ row }) => row);
}

export interface Totals {
  total: number;
  blocked: number;
  available: number;
}

export function totalsOf(rows: readonly AccountRow[]): Totals {
  const totals = { total: 0, blocked: 0, available: 0 };
  for (const { account } of rows) {
    totals.total += account.balance.total;
    totals.blocked += account.balance.blocked;
    totals.available += account.balance.available;
  }
  return totals;
}
