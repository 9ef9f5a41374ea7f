import type { AccountsOverview } from '@/api/accounts/account-dataset';
import type { MoneyUnit } from '@/lib/money';
import { moneyColumns, type ColumnId } from './account-columns';

/**
 * A contradiction between a configuration key and the data the provider sent: the key, where the data
 * says otherwise, and the columns whose values it makes unreadable. Those values are withheld (not shown,
 * sorted, totalled or exported), with the reason on screen; every other value, and everything else the
 * screen does, works as usual. One contradiction never blanks the screen.
 */
export interface Contradiction {
  /** The configuration key the data contradicts. */
  key: 'balanceUnit';
  /** Where, as a path in the provider's answer (`accounts.3.balance.total`). */
  field: string;
  value: number;
  /** The columns whose values it withholds. */
  withholds: readonly ColumnId[];
}

/** What the readings of the configuration meet in a list: the contradictions, each with what it withholds. */
export function contradictionsOf(overview: AccountsOverview, balanceUnit: MoneyUnit): Contradiction[] {
  const found: Contradiction[] = [];
  // Balances read as centavos must be whole: a fraction means the provider sends reais. Withheld, never
  // divided or rounded into a wrong amount.
  const fractional = overview.firstFractional;
  if (balanceUnit === 'centavos' && fractional) {
    found.push({
      key: 'balanceUnit',
      field: `accounts.${fractional.index}.${fractional.field}`,
      value: fractional.value,
      withholds: moneyColumns,
    });
  }
  return found;
}

/** The columns any of `contradictions` withholds. */
export function withheldColumns(contradictions: readonly Contradiction[]): ReadonlySet<ColumnId> {
  return new Set(contradictions.flatMap((contradiction) => contradiction.withholds));
}
