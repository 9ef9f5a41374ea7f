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
