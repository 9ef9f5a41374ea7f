import type { Account } from './accounts-schema';
import { formatCnpj } from '@/lib/cnpj';
import { toCsv } from '@/lib/csv';
import { toReais, type MoneyUnit } from '@/lib/money';
import type { AccountColumn } from './accounts-index';

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
