import { useRef } from 'react';
import * as z from 'zod/mini';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, clean, describe, isBlank, pathOf } from './kind';
import type { ErrorCode, FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/**
 * Free text: names, an employer, a street, identity numbers. Spaces are folded and apostrophes
 * straightened before it is checked and sent; nothing is cut (a text too long is refused, not trimmed).
 */
export type TextMeta = KindMeta<
  'text',
  { fills?: { field: unknown; suggest: Fill['suggest']; check?: Fill['check'] } }
>;
declare module './kind' {
  interface MetaByKind {
    text: TextMeta;
  }
}

/**
 * When this field is left, `field` beside it gets `suggest(value)` (the printed name from the name) if it
 * is blank or still holds the suggestion of what this field held before: the suggestion follows this
 * field until the operator changes it. `check`, if given, judges the filled field against this one
 * (wizard.ts runs it over the whole form; its code goes on `field`).
 */
export interface Fill {
  field: z.core.$ZodType;
  suggest: (value: string) => string | null;
  check?: (value: string, filled: string) => ErrorCode | null;
}

interface TextOptions extends FieldOptions {
  fills?: Fill;
}

const MAX_NAME = 120;
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '.-]+[\p{L}\p{M}]+)*\.?$/u;

function TextField({ name, meta, siblings }: FieldInputProps<TextMeta>) {
  const { read, write } = useTextValues();
  const { fills } = meta;
  // What this field held when it took focus: the filled field still holding its suggestion follows.
  const before = useRef('');
  const fill = () => {
    const target = fills && pathOf(siblings, fills.field);
    if (!fills || !target) return;
    const current = read(target);
    if (current.trim() !== '' && current !== fills.suggest(before.current)) return;
    const suggestion = fills.suggest(read(name));
    if (suggestion !== null && suggestion !== current) write(target, suggestion);
  };
  return (
    <FormText
      name={name}
      meta={meta}
      onFocus={
        fills
          ? () => {
              before.current = read(name);
            }
          : undefined
      }
      onAfterBlur={fills ? fill : undefined}
    />
  );
}

export const textKind: FieldKind<TextMeta> = { Input: TextField, display: asTyped };

/** Required free text up to `max` characters. */
export function text(max: number, options: TextOptions = {}) {
  const schema = z.pipe(
    checked((value) => (isBlank(value) ? 'required' : clean(value).length > max ? 'tooLong' : null)),
    z.transform(clean),
  );
  return describe(schema, { kind: 'text', md: 6, ...options });
}

/** A person's name: letters, spaces, apostrophes, hyphens and dots. */
export function personName(options: TextOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      const name = clean(value);
      if (name === '') return 'required';
      if (name.length > MAX_NAME) return 'tooLong';
      return PERSON_NAME.test(name) ? null : 'personName';
    }),
    z.transform(clean),
  );
  return describe(schema, { kind: 'text', md: 6, ...options });
}

/** Letters, digits and the pattern's punctuation, sent upper-cased (an identity number, an account). */
export function code(pattern: RegExp, error: ErrorCode, options: TextOptions = {}) {
  const schema = z.pipe(
    checked((value) => (isBlank(value) ? 'required' : pattern.test(clean(value)) ? null : error)),
    z.transform((value) => clean(value).toUpperCase()),
  );
  return describe(schema, { kind: 'text', md: 6, ...options });
}

/** Text that may be left blank: then it is left out of the body (never sent as ""). */
export function optionalText(max: number, options: TextOptions = {}) {
  const schema = z.pipe(
    checked((value) => (clean(value).length > max ? 'tooLong' : null)),
    z.transform((value) => (isBlank(value) ? undefined : clean(value))),
  );
  return describe(schema, { kind: 'text', md: 6, required: false, help: 'optional', ...options });
}

/** Text the interface says may be empty (`complemento`, `pontoreferencia`): sent as "" when blank. */
export function mayBeEmpty(max: number, options: TextOptions = {}) {
  const schema = z.pipe(
    checked((value) => (clean(value).length > max ? 'tooLong' : null)),
    z.transform(clean),
  );
  return describe(schema, { kind: 'text', md: 4, required: false, help: 'optional', ...options });
}
