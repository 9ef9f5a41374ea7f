import { formatCnpj } from '@/lib/cnpj';
import { toCsv } from '@/lib/csv';
import { onlyDigits } from '@/lib/digit-pattern';
import { findFractionalBalance, toReais, type FractionalBalance, type MoneyUnit } from '@/lib/money';
import { decodeJsonBytes, type DecodedBody } from './http-client';
import { accountListResponseSchema, type Account, type AccountListResponse } from './schemas/accounts';

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

export interface AccountTotals {
  total: number;
  blocked: number;
  available: number;
}

/** The accounts a search and sort show: positions in the list, in the order to show them. */
export interface AccountsView {
  order: Int32Array;
  totals: AccountTotals;
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

/** Positions 0 … count-1: the provider's order. */
export function providerOrder(count: number): Int32Array {
  const order = new Int32Array(count);
  for (let position = 0; position < count; position += 1) order[position] = position;
  return order;
}

/** The accounts body's bytes decoded as the fetch client would (UTF-8, JSON.parse, then the contract). */
export function decodeAccountList(body: ArrayBuffer): DecodedBody<AccountListResponse> {
  return decodeJsonBytes(body, accountListResponseSchema);
}

/** The text fields of an account, in the order `PackedAccounts` keeps them. */
const packedTexts = ['accountId', 'taxId', 'officialName', 'tradeName', 'branch', 'account'] as const;
const TEXTS = packedTexts.length;

/**
 * A list of accounts in a few flat values instead of one object per account: what the accounts worker
 * sends the page (decision 012). Copying it costs a few memcpy, not 100 000 objects to clone and keep, and
 * the page builds an object only for the rows it draws.
 */
export interface PackedAccounts {
  count: number;
  /** Every text field of every account, end to end: account 0's six fields, then account 1's… */
  text: string;
  /** Where each of those fields ends in `text` (`TEXTS` per account). */
  ends: Uint32Array;
  /** total, blocked, available of each account. */
  balances: Float64Array;
  /** 1 for the default account. */
  defaults: Uint8Array;
}

export function packAccounts(accounts: readonly Account[]): PackedAccounts {
  const count = accounts.length;
  const parts: string[] = [];
  const ends = new Uint32Array(count * TEXTS);
  const balances = new Float64Array(count * 3);
  const defaults = new Uint8Array(count);
  let end = 0;
  for (let position = 0; position < count; position += 1) {
    const account = accounts[position];
    if (!account) continue;
    for (let field = 0; field < TEXTS; field += 1) {
      const value = account[packedTexts[field] ?? 'accountId'];
      parts.push(value);
      end += value.length;
      ends[position * TEXTS + field] = end;
    }
    balances[position * 3] = account.balance.total;
    balances[position * 3 + 1] = account.balance.blocked;
    balances[position * 3 + 2] = account.balance.available;
    defaults[position] = account.isDefault ? 1 : 0;
  }
  return { count, text: parts.join(''), ends, balances, defaults };
}

/** The account at `position` of a packed list, as an object (only the fields of the contract). */
export function unpackAccount(packed: PackedAccounts, position: number): Account {
  const { text, ends, balances } = packed;
  const base = position * TEXTS;
  const field = (index: number) =>
    text.slice(base + index === 0 ? 0 : (ends[base + index - 1] ?? 0), ends[base + index] ?? 0);
  return {
    accountId: field(0),
    taxId: field(1),
    officialName: field(2),
    tradeName: field(3),
    branch: field(4),
    account: field(5),
    isDefault: packed.defaults[position] === 1,
    balance: {
      total: balances[position * 3] ?? 0,
      blocked: balances[position * 3 + 1] ?? 0,
      available: balances[position * 3 + 2] ?? 0,
    },
  };
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
 * A list of accounts as the page holds it: the packed copy the worker sent, its overview, and an object
 * for an account only when something asks for it (the rows drawn, the account of a row's action).
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

/** What the CSV of the accounts shows: the columns in order, their headers as the page words them. */
export interface CsvLayout {
  columns: readonly AccountColumn[];
  header: readonly string[];
  /** The text of the default account's mark (the page's language). */
  defaultBadge: string;
  moneyUnit: MoneyUnit;
}

/**
 * The CSV of the accounts at `order`'s positions (formula-safe, lib/csv.ts), balances in reais with a
 * decimal comma. Built where the list is (the accounts worker): 100 000 rows would hold the page for
 * seconds.
 */
export function accountsCsv(accounts: readonly Account[], order: Int32Array, layout: CsvLayout): string {
  const decimal = (amount: number) => toReais(amount, layout.moneyUnit).toFixed(2).replace('.', ',');
  const rows: string[][] = [];
  for (const position of order) {
    const account = accounts[position];
    if (!account) continue;
    rows.push(
      layout.columns.map((column) => {
        switch (column) {
          case 'taxId':
            return formatCnpj(account.taxId);
          case 'code':
            return account.accountId;
          case 'isDefault':
            return account.isDefault ? layout.defaultBadge : '';
          case 'total':
          case 'blocked':
          case 'available':
            return decimal(account.balance[column]);
          default:
            return account[column];
        }
      }),
    );
  }
  return toCsv(layout.header, rows);
}
