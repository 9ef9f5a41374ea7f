import type { AccountColumn, AccountSort } from '@/api/accounts/accounts-index';

/**
 * Column order: what tells one account from another first (two accounts may share a trade name: the
 * CNPJ, agência/conta and the provider's `accountId` set them apart), then the balances.
 * Which columns show by default depends on the width (`defaultColumns` in accounts-page.tsx).
 * Searching and sorting are src/api/accounts/accounts-index.ts's, run in a Web Worker (decision 012).
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
] as const satisfies readonly AccountColumn[];
export type ColumnId = (typeof columnIds)[number];
export const moneyColumns = ['total', 'blocked', 'available'] as const satisfies readonly ColumnId[];
export type MoneyColumn = (typeof moneyColumns)[number];

export function isMoneyColumn(column: ColumnId): column is MoneyColumn {
  return column === 'total' || column === 'blocked' || column === 'available';
}

export type SortState = AccountSort;

export function sameSort(a: SortState | null, b: SortState | null): boolean {
  return a === b || (a !== null && b !== null && a.column === b.column && a.direction === b.direction);
}
