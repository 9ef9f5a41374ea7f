import * as z from 'zod/mini';
import { FormText } from './form-text';
import { asTyped, checked, describe } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/** An e-mail address: spaces around it forgiven, a dotted domain required. */
export type EmailMeta = KindMeta<'email'>;
declare module './kind' {
  interface MetaByKind {
    email: EmailMeta;
  }
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function EmailField({ name, meta }: FieldInputProps<EmailMeta>) {
  return <FormText name={name} meta={meta} type="email" />;
}

export const emailKind: FieldKind<EmailMeta> = {
  Input: EmailField,
  display: (value) => asTyped(value).trim(),
};

export function email(options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      const trimmed = value.trim();
      if (trimmed === '') return 'required';
      return trimmed.length <= 254 && EMAIL.test(trimmed) ? null : 'email';
    }),
    z.transform((value) => value.trim()),
  );
  return describe(schema, { kind: 'email', md: 8, ...options });
}
