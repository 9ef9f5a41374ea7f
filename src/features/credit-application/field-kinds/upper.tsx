import * as z from 'zod/mini';
import { FormText, useHelpText, useTextValues } from './form-text';
import {
  asTyped,
  checked,
  clean,
  fieldMeta,
  isBlank,
  type BaseMeta,
  type ErrorCode,
  type FieldInputProps,
  type FieldKind,
  type FieldOptions,
} from './kind';

export interface UpperMeta extends BaseMeta {
  kind: 'upper';
}

/**
 * A code written in capitals (an issuing body, a nationality): shown upper-case as it is typed (CSS), the
 * value follows when the field is left, and it is sent upper-cased.
 */
function UpperField({ name, meta }: FieldInputProps<UpperMeta>) {
  const helperText = useHelpText(meta);
  const { read, write } = useTextValues();
  return (
    <FormText
      name={name}
      required={meta.required}
      helperText={helperText}
      inputProps={{ style: { textTransform: 'uppercase' } }}
      onAfterBlur={() => {
        const value = read(name);
        if (value !== value.toUpperCase()) write(name, value.toUpperCase());
      }}
    />
  );
}

export const upperKind: FieldKind<UpperMeta> = {
  Input: UpperField,
  display: (value) => asTyped(value).toUpperCase(),
};

export function upperCode(pattern: RegExp, error: ErrorCode, options: FieldOptions = {}) {
  return z
    .pipe(
      checked((value) => (isBlank(value) ? 'required' : pattern.test(clean(value)) ? null : error)),
      z.transform((value) => clean(value).toUpperCase()),
    )
    .register(fieldMeta, {
      kind: 'upper',
      md: 6,
      required: true,
      initial: '',
      ...options,
    });
}
