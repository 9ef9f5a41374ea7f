import * as z from 'zod/mini';
import { FormText } from './form-text';
import { asTyped, checked, describe } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/**
 * A bank branch: digits on a numeric keypad, an integer in the interface, so a check digit ("0001-9") is
 * refused with a message saying to drop it, not cut off.
 */
export type BranchMeta = KindMeta<'branch'>;
declare module './kind' {
  interface MetaByKind {
    branch: BranchMeta;
  }
}

function BranchField({ name, meta }: FieldInputProps<BranchMeta>) {
  return <FormText name={name} meta={meta} inputProps={{ inputMode: 'numeric' }} />;
}

export const branchKind: FieldKind<BranchMeta> = { Input: BranchField, display: asTyped };

export function branch(options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      const trimmed = value.trim();
      if (trimmed === '') return 'required';
      if (/^\d{1,5}[-\s][\dXx]$/.test(trimmed)) return 'branchCheckDigit';
      return /^\d{1,5}$/.test(trimmed) ? null : 'branch';
    }),
    z.transform((value) => Number.parseInt(value.trim(), 10)),
  );
  return describe(schema, { kind: 'branch', md: 4, help: 'branch', ...options });
}
