import * as z from 'zod/mini';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, clean, describe, isBlank } from './kind';
import type { ErrorCode, FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/**
 * A code written in capitals (an issuing body, a nationality): shown upper-case as it is typed (CSS), the
 * value follows when the field is left, and it is sent upper-cased.
 */
export type UpperMeta = KindMeta<'upper'>;
declare module './kind' {
  interface MetaByKind {
    upper: UpperMeta;
  }
}

function UpperField({ name, meta }: FieldInputProps<UpperMeta>) {
  const { read, write } = useTextValues();
  const raise = () => {
    const value = read(name);
    if (value !== value.toUpperCase()) write(name, value.toUpperCase());
  };
  return (
    <FormText
      name={name}
      meta={meta}
      inputProps={{ style: { textTransform: 'uppercase' } }}
      onAfterBlur={raise}
    />
  );
}

export const upperKind: FieldKind<UpperMeta> = {
  Input: UpperField,
  display: (value) => asTyped(value).toUpperCase(),
};

/** Letters and the pattern's punctuation. */
export function upperCode(pattern: RegExp, error: ErrorCode, options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => (isBlank(value) ? 'required' : pattern.test(clean(value)) ? null : error)),
    z.transform((value) => clean(value).toUpperCase()),
  );
  return describe(schema, { kind: 'upper', md: 6, ...options });
}
