import { FormText } from './form-text';
import { asTyped, checked, describe } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta, RuleContext } from './kind';

/**
 * A street number as written on an envelope: `1200`, `1000A`, or "S/N" (no number). The interface's
 * `numero` is an integer: `streetNumberToContract` (the addresses step's row) sends the rest in
 * `complemento` (docs/interface-readings.md, "Credit application").
 */
export type StreetNumberMeta = KindMeta<'streetNumber'>;
declare module './kind' {
  interface MetaByKind {
    streetNumber: StreetNumberMeta;
  }
}

const STREET_NUMBER = /^(\d{1,6})\s*([A-Za-z])?$/;
const NO_NUMBER = /^s\s*\/?\s*n[º°o.]?$/i;

function StreetNumberField({ name, meta }: FieldInputProps<StreetNumberMeta>) {
  return <FormText name={name} meta={meta} />;
}

export const streetNumberKind: FieldKind<StreetNumberMeta> = {
  Input: StreetNumberField,
  display: (value) => asTyped(value).trim(),
};

export function streetNumber(ctx: RuleContext, options: FieldOptions = {}) {
  const schema = checked((value) => {
    const trimmed = value.trim();
    if (trimmed === '') return 'required';
    if (NO_NUMBER.test(trimmed))
      return ctx.streetNumberWithoutNumber === 'refuse' ? 'streetNumberNoSn' : null;
    return STREET_NUMBER.test(trimmed) ? null : 'streetNumber';
  });
  return describe(schema, { kind: 'streetNumber', md: 2, help: 'streetNumber', ...options });
}

/** "S/N" goes as 0 with "S/N" at the start of `complemento`; "1000A" as 1000 with "Nº 1000A" there. */
export function streetNumberToContract(
  typed: string,
  complemento: string,
): { numero: number; complemento: string } {
  const trimmed = typed.trim();
  const join = (first: string) => (complemento === '' ? first : `${first} ${complemento}`);
  if (NO_NUMBER.test(trimmed)) return { numero: 0, complemento: join('S/N') };
  const match = STREET_NUMBER.exec(trimmed);
  const digits = Number.parseInt(match?.[1] ?? '0', 10);
  if (match?.[2])
    return { numero: digits, complemento: join(`Nº ${match[1] ?? ''}${match[2].toUpperCase()}`) };
  return { numero: digits, complemento };
}
