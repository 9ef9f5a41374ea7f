import * as z from 'zod/mini';
import { CPF_PATTERN, formatCpf, isValidCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import { FormText } from './form-text';
import {
  asTyped,
  checked,
  fieldMeta,
  isBlank,
  type BaseMeta,
  type FieldInputProps,
  type FieldKind,
  type FieldOptions,
} from './kind';

/** A CPF: masked as typed (000.000.000-00; pasted dots, dashes and spaces forgiven), sent as 11 digits. */
export interface CpfMeta extends BaseMeta {
  kind: 'cpf';
}

function CpfField({ name, meta }: FieldInputProps<CpfMeta>) {
  return <FormText name={name} required={meta.required} mask={CPF_PATTERN} />;
}

export const cpfKind: FieldKind<CpfMeta> = {
  Input: CpfField,
  display: (value) => {
    const typed = asTyped(value);
    return onlyDigits(typed).length === 11 ? formatCpf(typed) : typed;
  },
};

export function cpf(options: FieldOptions = {}) {
  return z
    .pipe(
      checked((value) => (isBlank(value) ? 'required' : isValidCpf(value) ? null : 'cpf')),
      z.transform(onlyDigits),
    )
    .register(fieldMeta, {
      kind: 'cpf',
      md: 4,
      required: true,
      initial: '',
      ...options,
    });
}
