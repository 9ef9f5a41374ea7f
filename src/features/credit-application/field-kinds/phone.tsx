import * as z from 'zod/mini';
import { formatPhoneNumber, isValidDdd, isValidPhoneNumber, readPhoneTyping } from '@/lib/brazil';
import { onlyDigits, type DigitPattern } from '@/lib/digit-pattern';
import { fieldId } from '../wizard/field-labels';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, describe, isBlank, pathOf } from './kind';
import type { FieldInputProps, FieldKind, KindMeta } from './kind';

/**
 * A Brazilian phone in two fields, DDD and number, each masked for the eye and sent as digits. A number
 * written with its area code ("(11) 98765-4321", "11987654321", "+55 11 98765-4321"), typed or pasted
 * into either field, is split into both (`readPhoneTyping`); typing on from the DDD continues in the
 * number field.
 */

type Part = 'ddd' | 'number';

/** A part of a phone, with the schema of its other part. */
export type PhoneMeta = KindMeta<'phone', { part: Part; other: unknown }>;
declare module './kind' {
  interface MetaByKind {
    phone: PhoneMeta;
  }
}

const masks: Record<Part, DigitPattern> = {
  ddd: '__',
  // 8 digits show as 3333-4444, 9 as 98765-4321.
  number: (digits: string) => (digits.length > 8 ? '_____-____' : '____-____'),
};

function PhonePartField({ name, meta, siblings }: FieldInputProps<PhoneMeta>) {
  const { read, write } = useTextValues();
  const { part, other } = meta;
  return (
    <FormText
      name={name}
      meta={meta}
      inputProps={{ inputMode: 'tel' }}
      mask={masks[part]}
      onBeforeChange={(event) => {
        const typed = readPhoneTyping(event.target.value, part);
        if (typed.kind === 'plain') return false;
        if (typed.kind === 'partial') {
          write(name, typed.text);
          return true;
        }
        const otherPath = pathOf(siblings, other);
        if (!otherPath) return false;
        const dddPath = part === 'ddd' ? name : otherPath;
        const numberPath = part === 'number' ? name : otherPath;
        write(dddPath, typed.ddd, read(dddPath) !== '');
        write(numberPath, formatPhoneNumber(typed.number) + onlyDigits(typed.number).slice(9));
        if (part === 'ddd') {
          // The rest of what is being typed belongs to the number.
          const input = document.getElementById(fieldId(numberPath));
          if (input instanceof HTMLInputElement) {
            input.focus();
            input.setSelectionRange(input.value.length, input.value.length);
          }
        }
        return true;
      }}
    />
  );
}

export const phoneKind: FieldKind<PhoneMeta> = {
  Input: PhonePartField,
  display: (value, { part }) => {
    const digits = onlyDigits(asTyped(value));
    if (part === 'ddd') return asTyped(value).trim();
    return digits.length === 8 || digits.length === 9 ? formatPhoneNumber(digits) : asTyped(value);
  },
};

/** The two fields of a phone, each knowing the other: `numerododdd: phone.ddd, numerodotelefone: phone.number`. */
export function phone() {
  const ddd = z.pipe(
    checked((value) =>
      isBlank(value)
        ? 'required'
        : isValidDdd(onlyDigits(value)) && onlyDigits(value).length === 2
          ? null
          : 'ddd',
    ),
    z.transform(onlyDigits),
  );
  const number = z.pipe(
    checked((value) => (isBlank(value) ? 'required' : isValidPhoneNumber(value) ? null : 'phone')),
    z.transform(onlyDigits),
  );
  describe(ddd, { kind: 'phone', part: 'ddd', other: number, md: 2, xs: 4 });
  describe(number, { kind: 'phone', part: 'number', other: ddd, md: 6, xs: 8 });
  return { ddd, number };
}
