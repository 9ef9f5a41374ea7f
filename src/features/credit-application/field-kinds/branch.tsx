import * as z from 'zod/mini';
import { FormText, useHelpText } from './form-text';
import {
  asTyped,
  checked,
  fieldMeta,
  type BaseMeta,
  type FieldInputProps,
  type FieldKind,
  type FieldOptions,
} from './kind';

/**
 * A bank branch: digits on a numeric keypad, an integer in the interface, so a check digit ("0001-9") is
 * refused with a message saying to drop it, not cut off.
 */
export interface BranchMeta extends BaseMeta {
  kind: 'branch';
}

function BranchField({ name, meta }: FieldInputProps<BranchMeta>) {
  const helperText = useHelpText(meta);
  return (
    <FormText
      name={name}
      required={meta.required}
      helperText={helperText}
      inputProps={{ inputMode: 'numeric' }}
    />
  );
}

export const branchKind: FieldKind<BranchMeta> = {
  Input: BranchField,
  display: asTyped,
};

export function branch(options: FieldOptions = {}) {
  return z
    .pipe(
      checked((value) => {
        const trimmed = value.trim();
        if (trimmed === '') return 'required';
        if (/^\d{1,5}[-\s][\dXx]$/.test(trimmed)) return 'branchCheckDigit';
        return /^\d{1,5}$/.test(trimmed) ? null : 'branch';
      }),
      z.transform((value) => Number.parseInt(value.trim(), 10)),
    )
    .register(fieldMeta, {
      kind: 'branch',
      md: 4,
      required: true,
      help: 'branch',
      initial: '',
      ...options,
    });
}
