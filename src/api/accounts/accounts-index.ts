import { totalsOf, type AccountTotals } from './account-dataset';
import type { Account } from './accounts-schema';
import { formatCnpj } from '@/lib/cnpj';
import { onlyDigits } from '@/lib/digit-pattern';

/**
 * Searching and sorting the accounts list, as pure functions over an index built once per list. This is
 * what the accounts Web Worker runs (accounts.worker.ts is a thin wrapper, decision 012) and what runs on
 * the main thread where there is no Worker (Vitest's jsdom): the same code either way.
 */

/** Every column the accounts table can sort by. */
export type AccountColumn =
  | 'tradeName'
  | 'taxId'
  | 'branch'
  | 'account'
  | 'code'
  | 'available'
  | 'total'
  | 'blocked'
  | 'isDefault'
  | 'officialName';

export interface AccountSort {
  column: AccountColumn;
  direction: 'asc' | 'desc';
}

export interface ViewRequest {
  /** As typed: trimmed, case and accents ignored here. */
  query: string;
  sort: AccountSort | null;
}

/** The accounts a search and sort show: positions in the list, in the order to show them. */
export interface AccountsView {
  order: Int32Array;
  totals: AccountTotals;
}

/** Positions 0 … count-1: the provider's order. */
export function providerOrder(count: number): Int32Array {
  const order = new Int32Array(count);
  for (let position = 0; position < count; position += 1) order[position] = position;
  return order;
}

/** Lower case without accents or combining marks: "São" → "sao". */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII: skip the (costly) normalisation for them; 10 000 rows are folded at once.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(lower)) return lower;
  return lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export interface AccountsIndex {
  readonly accounts: readonly Account[];
  /** Per account: names, tax id (both forms), account and id, folded. Built on first use. */
  haystacks: string[] | null;
  /** Per account: digits only of tax id, account and id, for searches typed with or without punctuation. */
  digits: string[] | null;
  /** Sort keys per column, built on the first sort by that column. */
  readonly keys: Map<AccountColumn, readonly (string | number)[]>;
}

export function createAccountsIndex(accounts: readonly Account[]): AccountsIndex {
  return { accounts, haystacks: null, digits: null, keys: new Map() };
}

/** Builds the search keys now (the worker does it right after answering the decode, before any search). */
export function prepareSearch(index: AccountsIndex): { haystacks: string[]; digits: string[] } {
  if (!index.haystacks || !index.digits) {
    index.haystacks = index.accounts.map((account) =>
      fold(
        `${account.tradeName}\n${account.officialName}\n${account.taxId}\n${formatCnpj(account.taxId)}\n${account.account}\n${account.accountId}`,
      ),
    );
    index.digits = index.accounts.map((account) =>
      `${account.taxId}\n${account.account}\n${account.accountId}`.replace(/[^\d\n]/g, ''),
    );
  }
  return { haystacks: index.haystacks, digits: index.digits };
}

/** The value a column sorts by: folded text for names, numbers for balances, default first. */
function sortKeyOf(account: Account, column: AccountColumn): string | number {
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

function sortKeys(index: AccountsIndex, column: AccountColumn): readonly (string | number)[] {
  let keys = index.keys.get(column);
  if (!keys) {
    keys = index.accounts.map((account) => sortKeyOf(account, column));
    index.keys.set(column, keys);
  }
  return keys;
}

/** Positions of the accounts whose names, tax id or account contain the query (accents and case ignored). */
function search(index: AccountsIndex, query: string): Int32Array {
  const count = index.accounts.length;
  const folded = fold(query.trim());
  if (folded === '') return Int32Array.from({ length: count }, (_, position) => position);
  const { haystacks, digits } = prepareSearch(index);
  const queryDigits = onlyDigits(folded);
  // A query of digits and punctuation only ("11.222.333", "12345-6") also matches the bare digits.
  const digitsOnly = queryDigits !== '' && /^[\d\s./-]+$/.test(folded);
  const found = new Int32Array(count);
  let size = 0;
  for (let position = 0; position < count; position += 1) {
    if (
      haystacks[position]?.includes(folded) === true ||
      (digitsOnly && digits[position]?.includes(queryDigits) === true)
    ) {
      found[size] = position;
      size += 1;
    }
  }
  return found.slice(0, size);
}

/**
 * The accounts a search and a sort show. Keys are computed once per column, so the comparison is a plain
 * `<` (a collator would cost several times more on 10 000 rows); ties keep the provider's order.
 */
export function viewAccounts(index: AccountsIndex, { query, sort }: ViewRequest): AccountsView {
  const order = search(index, query);
  if (sort) {
    const keys = sortKeys(index, sort.column);
    const sign = sort.direction === 'asc' ? 1 : -1;
    order.sort((a, b) => {
      const keyA = keys[a] ?? '';
      const keyB = keys[b] ?? '';
      return keyA < keyB ? -sign : keyA > keyB ? sign : a - b;
    });
  }
  return { order, totals: totalsOf(index.accounts, order) };
}
