import * as z from 'zod/mini';
import { FormText, useHelpText, useTextValues } from './form-text';
import {
  asTyped,
  checked,
  clean,
  describe,
  isBlank,
  pathOf,
  type BaseMeta,
  type ErrorCode,
  type FieldInputProps,
  type FieldKind,
  type FieldOptions,
} from './kind';

/**
 * Free text: names, an employer, a street, identity numbers. Spaces are folded and apostrophes
 * straightened before it is checked and sent; nothing is cut (a text too long is refused, not trimmed).
 */

/** When this field is left, a blank `field` beside it gets `suggest(value)` (the printed name from the name). */
export interface Fill {
  field: z.core.$ZodType;
  suggest: (value: string) => string | null;
}

export interface TextMeta extends BaseMeta {
  kind: 'text';
  fills?: { field: unknown; suggest: Fill['suggest'] };
}

interface TextOptions extends FieldOptions {
  fills?: Fill;
}

const MAX_NAME = 120;
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '.-]+[\p{L}\p{M}]+)*\.?$/u;

function TextField({ name, meta, siblings }: FieldInputProps<TextMeta>) {
  const helperText = useHelpText(meta);
  const { read, write } = useTextValues();
  const { fills } = meta;
  const fill = () => {
    const target = fills && pathOf(siblings, fills.field);
    if (!fills || !target || read(target).trim() !== '') return;
    const suggestion = fills.suggest(read(name));
    if (suggestion) write(target, suggestion);
  };
  return (
    <FormText
      name={name}
      required={meta.required}
      helperText={helperText}
      onAfterBlur={fills ? fill : undefined}
    />
  );
}

export const textKind: FieldKind<TextMeta> = { Input: TextField, display: asTyped };

function register<S extends z.core.$ZodType>(schema: S, options: TextOptions, required: boolean, md = 6) {
  return describe(schema, { kind: 'text', md, required, initial: '', ...options });
}

/** Required free text up to `max` characters. */
export function text(max: number, options: TextOptions = {}) {
  return register(
    z.pipe(
      checked((value) => (isBlank(value) ? 'required' : clean(value).length > max ? 'tooLong' : null)),
      z.transform(clean),
    ),
    options,
    true,
  );
}

/** A person's name: letters, spaces, apostrophes, hyphens and dots. */
export function personName(options: TextOptions = {}) {
  return register(
    z.pipe(
      checked((value) => {
        const name = clean(value);
        if (name === '') return 'required';
        if (name.length > MAX_NAME) return 'tooLong';
        return PERSON_NAME.test(name) ? null : 'personName';
      }),
      z.transform(clean),
    ),
    options,
    true,
  );
}

/** Letters, digits and the pattern's punctuation, sent upper-cased (an identity number, an account). */
export function code(pattern: RegExp, error: ErrorCode, options: TextOptions = {}) {
  return register(
    z.pipe(
      checked((value) => (isBlank(value) ? 'required' : pattern.test(clean(value)) ? null : error)),
      z.transform((value) => clean(value).toUpperCase()),
    ),
    options,
    true,
  );
}

/** Text that may be left blank: then it is left out of the body (never sent as ""). */
export function optionalText(max: number, options: TextOptions = {}) {
  return register(
    z.pipe(
      checked((value) => (clean(value).length > max ? 'tooLong' : null)),
      z.transform((value) => (isBlank(value) ? undefined : clean(value))),
    ),
    { help: 'optional', ...options },
    false,
  );
}

/** Text the interface says may be empty (`complemento`, `pontoreferencia`): sent as "" when blank. */
export function mayBeEmpty(max: number, options: TextOptions = {}) {
  return register(
    z.pipe(
      checked((value) => (clean(value).length > max ? 'tooLong' : null)),
      z.transform(clean),
    ),
    { help: 'optional', ...options },
    false,
    4,
  );
}
