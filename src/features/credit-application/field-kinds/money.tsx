import * as z from 'zod/mini';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { FormText, useHelpText, useTextValues } from './form-text';
import {
  asTyped,
  checked,
  fieldMeta,
  isBlank,
  type BaseMeta,
  type FieldInputProps,
  type FieldKind,
  type FieldOptions,
  type RuleContext,
} from './kind';

/** An amount typed as 1.234,56 (or 1234.56, or with "R$"), shown as 1.234,56 once left. */
export interface MoneyMeta extends BaseMeta {
  kind: 'money';
}

function MoneyField({ name, meta }: FieldInputProps<MoneyMeta>) {
  const helperText = useHelpText(meta);
  const { read, write } = useTextValues();
  return (
    <FormText
      name={name}
      required={meta.required}
      helperText={helperText}
      inputProps={{ inputMode: 'decimal' }}
      onAfterBlur={() => {
        const cents = parseMoneyInput(read(name));
        if (cents !== null) write(name, formatMoneyInput(cents));
      }}
    />
  );
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
  return z
    .pipe(
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
    )
    .register(fieldMeta, {
      kind: 'money',
      md: 4,
      required: true,
      help: 'money',
      initial: '',
      ...options,
    });
}
