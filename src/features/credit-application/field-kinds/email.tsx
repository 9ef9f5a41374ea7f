import * as z from 'zod/mini';
import { FormText } from './form-text';
import {
  asTyped,
  checked,
  fieldMeta,
  type BaseMeta,
  type FieldInputProps,
  type FieldKind,
  type FieldOptions,
} from './kind';

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** An e-mail address: spaces around it forgiven, a dotted domain required. */
export interface EmailMeta extends BaseMeta {
  kind: 'email';
}

function EmailField({ name, meta }: FieldInputProps<EmailMeta>) {
  return <FormText name={name} required={meta.required} type="email" />;
}

export const emailKind: FieldKind<EmailMeta> = {
  Input: EmailField,
  display: (value) => asTyped(value).trim(),
};

export function email(options: FieldOptions = {}) {
  return z
    .pipe(
      checked((value) => {
        const trimmed = value.trim();
        if (trimmed === '') return 'required';
        return trimmed.length <= 254 && EMAIL.test(trimmed) ? null : 'email';
      }),
      z.transform((value) => value.trim()),
    )
    .register(fieldMeta, {
      kind: 'email',
      md: 8,
      required: true,
      initial: '',
      ...options,
    });
}
