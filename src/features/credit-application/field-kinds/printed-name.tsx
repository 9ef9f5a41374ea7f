import * as z from 'zod/mini';
import { useWatch } from 'react-hook-form';
import { useRuntimeConfig } from '@/config/config-context';
import { isValidPrintedName, normalizeApostrophes } from '@/lib/printed-name';
import { useTranslation } from '../texts';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, clean, describe } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta, RuleContext } from './kind';

/**
 * The name embossed on the card: upper-case A–Z (and apostrophes) within the embosser's length, counted
 * live under the field ("27 de 26") and refused when too long, never cut.
 */
export type PrintedNameMeta = KindMeta<'printedName'>;

function PrintedNameField({ name, meta }: FieldInputProps<PrintedNameMeta>) {
  const { t } = useTranslation();
  const { printedNameMaxLength: max } = useRuntimeConfig();
  const { read, write } = useTextValues();
  const value: unknown = useWatch({ name });
  const count = typeof value === 'string' ? value.trim().length : 0;
  const raise = () => {
    // Shown upper-case as it is typed (CSS); the value follows when the field is left.
    const typed = read(name);
    const shown = normalizeApostrophes(typed).toUpperCase();
    if (typed !== shown) write(name, shown, true);
  };
  return (
    <FormText
      name={name}
      meta={meta}
      helperText={`${t('creditApplication.help.printedName', { max })} · ${t('creditApplication.help.count', { count, max })}`}
      inputProps={{ style: { textTransform: 'uppercase' } }}
      onAfterBlur={raise}
    />
  );
}

export const printedNameKind: FieldKind<PrintedNameMeta> = {
  Input: PrintedNameField,
  display: (value) => asTyped(value).toUpperCase(),
};

export function printedName(ctx: RuleContext, options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      const printed = clean(value).toUpperCase();
      if (printed === '') return 'required';
      if (printed.length > ctx.printedNameMaxLength) return 'printedNameLength';
      return isValidPrintedName(printed, ctx.printedNameMaxLength) ? null : 'printedName';
    }),
    z.transform((value) => clean(value).toUpperCase()),
  );
  return describe(schema, { kind: 'printedName', md: 6, ...options });
}
