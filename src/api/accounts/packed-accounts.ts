import type { Account } from './accounts-schema';

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
