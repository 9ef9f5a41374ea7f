import * as z from 'zod/mini';
import { CPF_PATTERN, formatCpf, isValidCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import { FormText } from './form-text';
import { asTyped, checked, describe, isBlank } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/** A CPF: masked as typed (000.000.000-00; pasted dots, dashes and spaces forgiven), sent as 11 digits. */
export type CpfMeta = KindMeta<'cpf'>;
declare module './kind' {
  interface MetaByKind {
    cpf: CpfMeta;
  }
}

function CpfField({ name, meta }: FieldInputProps<CpfMeta>) {
  return <FormText name={name} meta={meta} mask={CPF_PATTERN} />;
}

export const cpfKind: FieldKind<CpfMeta> = {
  Input: CpfField,
  display: (value) => {
    const typed = asTyped(value);
    return onlyDigits(typed).length === 11 ? formatCpf(typed) : typed;
  },
};

export function cpf(options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => (isBlank(value) ? 'required' : isValidCpf(value) ? null : 'cpf')),
    z.transform(onlyDigits),
  );
  return describe(schema, { kind: 'cpf', md: 4, ...options });
}
