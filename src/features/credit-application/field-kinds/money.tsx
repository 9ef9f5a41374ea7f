import * as z from 'zod/mini';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, describe, isBlank } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta, RuleContext } from './kind';

/** An amount typed as 1.234,56 (or 1234.56, or with "R$"), shown as 1.234,56 once left. */
export type MoneyMeta = KindMeta<'money'>;
declare module './kind' {
  interface MetaByKind {
    money: MoneyMeta;
  }
}

function MoneyField({ name, meta }: FieldInputProps<MoneyMeta>) {
  const { read, write } = useTextValues();
  const reformat = () => {
    const cents = parseMoneyInput(read(name));
    if (cents !== null) write(name, formatMoneyInput(cents));
  };
  return <FormText name={name} meta={meta} inputProps={{ inputMode: 'decimal' }} onAfterBlur={reformat} />;
}

export const moneyKind: FieldKind<MoneyMeta> = {
  Input: MoneyField,
  display: (value) => {
    const cents = parseMoneyInput(asTyped(value));
    return cents === null ? asTyped(value) : formatMoneyInput(cents);
  },
};

/** Sent as an integer in the configured unit (centavos, or whole reais). */
export function money(ctx: RuleContext, options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      if (isBlank(value)) return 'required';
      const cents = parseMoneyInput(value);
      if (cents === null) return 'money';
      return ctx.moneyUnit === 'reais' && cents % 100 !== 0 ? 'moneyWholeReais' : null;
    }),
    z.transform((value) => {
      const cents = parseMoneyInput(value) ?? 0;
      return ctx.moneyUnit === 'centavos' ? cents : Math.round(cents / 100);
    }),
  );
  return describe(schema, { kind: 'money', md: 4, help: 'money', ...options });
}
