/** Units the provider may use for money fields (config `moneyUnit`). */
export type MoneyUnit = 'centavos' | 'reais';

/** An amount in the configured unit as a number of reais (for display). */
export function toReais(amount: number, unit: MoneyUnit): number {
  return unit === 'centavos' ? amount / 100 : amount;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** `123456` centavos → `R$ 1.234,56` (negatives keep their sign: `-R$ 10,00`). */
export function formatMoney(amount: number, unit: MoneyUnit, locale = 'pt-BR'): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    formatters.set(locale, formatter);
  }
  return formatter.format(toReais(amount, unit));
}

// Up to 13 integer digits keeps every amount in centavos a safe integer.
const PT_BR_MONEY = /^(\d{1,3}(?:\.\d{3})+|\d{1,13})(?:,(\d{1,2}))?$/;
const DOT_DECIMAL = /^(\d{1,13})\.(\d{1,2})$/;

/**
 * An amount typed by an operator, as integer centavos: pt-BR `1.234,56`, `1234,56`, `1234`, also
 * `1234.56` (a dot followed by one or two digits is a decimal point; by three, a thousands separator).
 * `R$` and spaces are ignored. Negative, empty or odd input gives null. Never throws.
 */
export function parseMoneyInput(input: string): number | null {
  if (input.length > 40) return null;
  const text = input.replace(/R\$/gi, '').replace(/[\s\u00a0]/g, '');
  const ptBR = PT_BR_MONEY.exec(text);
  if (ptBR) {
    const reais = Number((ptBR[1] ?? '').replace(/\./g, ''));
    const cents = Number((ptBR[2] ?? '0').padEnd(2, '0'));
    const total = reais * 100 + cents;
    return Number.isSafeInteger(total) ? total : null;
  }
  const dotted = DOT_DECIMAL.exec(text);
  if (dotted) {
    const total = Number(dotted[1]) * 100 + Number((dotted[2] ?? '0').padEnd(2, '0'));
    return Number.isSafeInteger(total) ? total : null;
  }
  return null;
}

/** Integer centavos → `1.234,56` (what the income field shows; `parseMoneyInput` reads it back). */
export function formatMoneyInput(centavos: number): string {
  const reais = Math.trunc(centavos / 100);
  const cents = String(Math.abs(centavos % 100)).padStart(2, '0');
  const grouped = String(Math.abs(reais)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${centavos < 0 ? '-' : ''}${grouped},${cents}`;
}

/** Where a balance contradicts the configured unit: a fractional amount read as centavos. */
export interface FractionalBalance {
  /** Position in the provider's list. */
  index: number;
  /** `balance.total`, `balance.blocked` or `balance.available`. */
  field: string;
  value: number;
}

/**
 * The first balance that is not a whole number when the unit is centavos, or null. A provider that sends
 * `-1520.35` means reais; dividing it by 100 would show a wrong amount as if it were right.
 */
export function findFractionalBalance(
  accounts: ReadonlyArray<{ balance: { total: number; blocked: number; available: number } }>,
  unit: MoneyUnit,
): FractionalBalance | null {
  if (unit !== 'centavos') return null;
  for (const [index, { balance }] of accounts.entries()) {
    for (const key of ['total', 'blocked', 'available'] as const) {
      if (!Number.isInteger(balance[key])) return { index, field: `balance.${key}`, value: balance[key] };
    }
  }
  return null;
}
