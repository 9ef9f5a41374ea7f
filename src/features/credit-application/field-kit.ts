import * as z from 'zod/mini';
import type { RuntimeConfig } from '@/config/config-schema';
import { isValidCep, isValidDdd, isValidPhoneNumber, isValidUf } from '@/lib/brazil';
import { onlyDigits } from '@/lib/digit-pattern';
import { isValidCpf } from '@/lib/cpf';
import {
  ageOn,
  calendarDateOf,
  compareDates,
  normalizeBrDate,
  parseBrDate,
  toIsoDate,
  type CalendarDate,
} from '@/lib/dates';
import { parseMoneyInput } from '@/lib/money';
import { isValidPrintedName, normalizeApostrophes } from '@/lib/printed-name';

/**
 * The building blocks of the step schemas (steps/*.ts): each builder returns a zod schema whose input is
 * what the operator typed (a string), whose checks give an `ErrorCode` as the message (texts.ts has
 * `errors.<code>`), whose output is the value the interface wants (digits, ISO date, integer), and which
 * carries its UI description in the `fieldUi` registry. The wizard renders, validates, reviews and sends
 * a field from this one definition.
 */

/** Why a value is refused; each code has a message in texts.ts (`errors.<code>`). */
export type ErrorCode =
  | 'required'
  | 'choose'
  | 'cpf'
  | 'personName'
  | 'tooLong'
  | 'printedName'
  | 'printedNameLength'
  | 'date'
  | 'adult'
  | 'tooOld'
  | 'issuedBeforeBirth'
  | 'issuedInFuture'
  | 'nationality'
  | 'email'
  | 'documentNumber'
  | 'issuer'
  | 'uf'
  | 'money'
  | 'moneyWholeReais'
  | 'branch'
  | 'branchCheckDigit'
  | 'account'
  | 'ddd'
  | 'phone'
  | 'cep'
  | 'streetNumber'
  | 'streetNumberNoSn'
  | 'mailingExactlyOne'
  | 'product'
  | 'dueDay'
  | 'tooMany';

/** What the rules need from outside the form: config, the product list once loaded, today. */
export interface RuleContext {
  domains: RuntimeConfig['domains'];
  printedNameMaxLength: number;
  moneyUnit: RuntimeConfig['moneyUnit'];
  additionalCardFields: readonly string[];
  blankOptionalFields: RuntimeConfig['blankOptionalFields'];
  streetNumberWithoutNumber: RuntimeConfig['streetNumberWithoutNumber'];
  /** Product codes the provider listed, when known; otherwise any positive integer passes. */
  productCodes: () => readonly string[] | null;
  /** Today, for age and "not in the future" (injected for tests). */
  now: () => Date;
}

/** The lists a select may offer (the wizard labels them in the UI language). */
export type OptionSource =
  'sexo' | 'estadocivil' | 'tipotelefone' | 'tipoendereco' | 'profissoes' | 'uf' | 'dueDay';

/** How a field is shown and how it forgives what is typed into it. */
export type FieldKind =
  | 'text'
  | 'upper'
  | 'email'
  | 'cpf'
  | 'date'
  | 'money'
  | 'digits'
  | 'printedName'
  | 'ddd'
  | 'phone'
  | 'cep'
  | 'select'
  | 'product'
  | 'mailing';

export type HelpKey =
  'date' | 'nationality' | 'money' | 'optional' | 'employer' | 'branch' | 'streetNumber' | 'printedName';

export interface FieldUi {
  kind: FieldKind;
  /** Columns out of 12 from the md breakpoint up; phones get `xs` (default 12: one column). */
  md: number;
  xs?: number;
  required?: boolean;
  help?: HelpKey;
  options?: OptionSource;
  /** A select with an empty first choice ("Escolha"). */
  placeholder?: boolean;
  /** The value of a blank form (default ""). */
  initial?: string | boolean;
  /** A blank form holds the first option of `options` (a select with no empty choice). */
  initialFirstOption?: boolean;
  /** When this field is left, fill the sibling `field` (if still blank) from this value. */
  fills?: { field: string; derive: 'printedName' };
  /** A CEP: after a valid one, sibling fields are filled from the CEP service (ViaCEP names). */
  cepFills?: Record<string, 'logradouro' | 'bairro' | 'localidade' | 'uf'>;
}

/** A field array (phones, addresses, additional cards). */
export interface RowsUi {
  kind: 'rows';
  row: 'phone' | 'address' | 'card';
  max: number;
  /** Rows in a blank form; a row can be removed only while more than `min` remain. */
  min: number;
  /** A boolean that exactly one row holds (the mailing address). */
  exclusiveFlag?: string;
  /** The review's one-line (or few-line) text of a row, from its values as typed and option labels. */
  summary?: (row: Record<string, unknown>, label: (field: string) => string) => string[];
}

export const fieldUi = z.registry<FieldUi | RowsUi>();

type Rule = (value: string) => ErrorCode | null;

function checked(rule: Rule) {
  return z.string().check(
    z.superRefine((value, context) => {
      const code = rule(value);
      if (code) context.addIssue({ code: 'custom', message: code, input: value });
    }),
  );
}

const blank = (value: string) => value.trim() === '';
/** Spaces folded, apostrophes straightened ("D’Ávila" and "D'Ávila" are the same name). */
export const clean = (value: string) => normalizeApostrophes(value).trim().replace(/\s+/g, ' ');

const MAX_NAME = 120;
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '.-]+[\p{L}\p{M}]+)*\.?$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Required free text up to `max` characters. */
export function text(max: number, ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => (blank(value) ? 'required' : clean(value).length > max ? 'tooLong' : null)),
      z.transform(clean),
    )
    .register(fieldUi, { kind: 'text', md: 6, required: true, ...ui });
}

/** Text the interface says may be empty (`complemento`, `pontoreferencia`): sent as "" when blank. */
export function mayBeEmpty(max: number, ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => (clean(value).length > max ? 'tooLong' : null)),
      z.transform(clean),
    )
    .register(fieldUi, { kind: 'text', md: 4, help: 'optional', ...ui });
}

/**
 * Text the interface does not call optional but an applicant may not have (an employer). Required unless
 * config `blankOptionalFields: "omit"` says the provider accepts the field left out; then a blank one is
 * left out of the body (never sent as "": the interface names only two fields that may be empty).
 */
export function requiredUnlessOmittable(ctx: RuleContext, max: number, ui: Partial<FieldUi> = {}) {
  const omittable = ctx.blankOptionalFields === 'omit';
  return (
    z
      .pipe(
        checked((value) =>
          blank(value) ? (omittable ? null : 'required') : clean(value).length > max ? 'tooLong' : null,
        ),
        z.transform((value) => (blank(value) ? undefined : clean(value))),
      )
      // Optional under "omit": its help says so instead of asking for it.
      .register(fieldUi, {
        kind: 'text',
        md: 6,
        ...ui,
        required: !omittable,
        help: omittable ? 'optional' : ui.help,
      })
  );
}

export function personName(ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => {
        const name = clean(value);
        if (name === '') return 'required';
        if (name.length > MAX_NAME) return 'tooLong';
        return PERSON_NAME.test(name) ? null : 'personName';
      }),
      z.transform(clean),
    )
    .register(fieldUi, { kind: 'text', md: 6, required: true, ...ui });
}

/** Upper-case A–Z (and apostrophes) within the embosser's length; counted visibly, never cut. */
export function printedName(ctx: RuleContext, ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => {
        const name = clean(value).toUpperCase();
        if (name === '') return 'required';
        if (name.length > ctx.printedNameMaxLength) return 'printedNameLength';
        return isValidPrintedName(name, ctx.printedNameMaxLength) ? null : 'printedName';
      }),
      z.transform((value) => clean(value).toUpperCase()),
    )
    .register(fieldUi, { kind: 'printedName', md: 6, required: true, help: 'printedName', ...ui });
}

/** Letters, digits and the given punctuation, upper-cased (identity numbers, issuers, nationality). */
export function code(pattern: RegExp, error: ErrorCode, ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => (blank(value) ? 'required' : pattern.test(clean(value)) ? null : error)),
      z.transform((value) => clean(value).toUpperCase()),
    )
    .register(fieldUi, { kind: 'text', md: 6, required: true, ...ui });
}

export function email(ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => {
        const trimmed = value.trim();
        if (trimmed === '') return 'required';
        return trimmed.length <= 254 && EMAIL.test(trimmed) ? null : 'email';
      }),
      z.transform((value) => value.trim()),
    )
    .register(fieldUi, { kind: 'email', md: 8, required: true, ...ui });
}

export function cpf(ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => (blank(value) ? 'required' : isValidCpf(value) ? null : 'cpf')),
      z.transform(onlyDigits),
    )
    .register(fieldUi, { kind: 'cpf', md: 4, required: true, ...ui });
}

/** A date as typed (`1/4/1988`, `01041988`, `1988-04-01` all read as 01/04/1988), sent as ISO. */
export function date(
  ctx: RuleContext,
  limits: { adult?: boolean; notFuture?: boolean },
  ui: Partial<FieldUi> = {},
) {
  return z
    .pipe(
      checked((value) => {
        if (blank(value)) return 'required';
        const parsed = parseBrDate(normalizeBrDate(value));
        const today = calendarDateOf(ctx.now());
        if (!parsed) return 'date';
        if (limits.adult) {
          if (compareDates(parsed, today) > 0) return 'date';
          if (ageOn(parsed, today) < 18) return 'adult';
          if (ageOn(parsed, today) > 130) return 'tooOld';
        }
        if (limits.notFuture && compareDates(parsed, today) > 0) return 'issuedInFuture';
        return null;
      }),
      z.transform((value) => {
        const parsed = parseBrDate(normalizeBrDate(value));
        return parsed ? toIsoDate(parsed) : value;
      }),
    )
    .register(fieldUi, { kind: 'date', md: 4, required: true, help: 'date', ...ui });
}

/** A date of either form (the form's `DD/MM/AAAA` or a parsed ISO value), for checks across fields. */
export function anyDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  return parseBrDate(normalizeBrDate(value));
}

/** One of a list: the allowed values are read when checking (config domains, products). */
export function choice(
  allowed: () => readonly string[],
  ui: Partial<FieldUi> & { options?: OptionSource },
  error: ErrorCode = 'choose',
) {
  return checked((value) => (blank(value) ? 'choose' : allowed().includes(value) ? null : error)).register(
    fieldUi,
    { kind: 'select', md: 4, required: true, placeholder: true, ...ui },
  );
}

/** A choice sent as an integer (occupation code, due day, product). */
export function intChoice(
  allowed: () => readonly string[] | null,
  ui: Partial<FieldUi>,
  error: ErrorCode = 'choose',
) {
  return z
    .pipe(
      checked((value) => {
        if (blank(value)) return 'choose';
        const list = allowed();
        if (!/^\d{1,9}$/.test(value.trim())) return error;
        return list === null || list.includes(value.trim()) ? null : error;
      }),
      z.transform((value) => Number.parseInt(value.trim(), 10)),
    )
    .register(fieldUi, { kind: 'select', md: 4, required: true, placeholder: true, ...ui });
}

export function uf(ui: Partial<FieldUi> = {}) {
  return checked((value) => (blank(value) ? 'choose' : isValidUf(value) ? null : 'uf')).register(fieldUi, {
    kind: 'select',
    md: 2,
    required: true,
    placeholder: true,
    options: 'uf',
    ...ui,
  });
}

/** An amount typed as 1.234,56, sent as an integer in the configured unit. */
export function money(ctx: RuleContext, ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => {
        if (blank(value)) return 'required';
        const cents = parseMoneyInput(value);
        if (cents === null) return 'money';
        return ctx.moneyUnit === 'reais' && cents % 100 !== 0 ? 'moneyWholeReais' : null;
      }),
      z.transform((value) => {
        const cents = parseMoneyInput(value) ?? 0;
        return ctx.moneyUnit === 'centavos' ? cents : Math.round(cents / 100);
      }),
    )
    .register(fieldUi, { kind: 'money', md: 4, required: true, help: 'money', ...ui });
}

/** A bank branch: an integer in the interface, so a check digit ("0001-9") is refused, not cut off. */
export function branch(ui: Partial<FieldUi> = {}) {
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
    .register(fieldUi, { kind: 'digits', md: 4, required: true, help: 'branch', ...ui });
}

export function ddd(ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) =>
        blank(value)
          ? 'required'
          : isValidDdd(onlyDigits(value)) && onlyDigits(value).length === 2
            ? null
            : 'ddd',
      ),
      z.transform(onlyDigits),
    )
    .register(fieldUi, { kind: 'ddd', md: 2, xs: 4, required: true, ...ui });
}

export function phoneNumber(ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => (blank(value) ? 'required' : isValidPhoneNumber(value) ? null : 'phone')),
      z.transform(onlyDigits),
    )
    .register(fieldUi, { kind: 'phone', md: 6, xs: 8, required: true, ...ui });
}

export function cep(ui: Partial<FieldUi> = {}) {
  return z
    .pipe(
      checked((value) => (blank(value) ? 'required' : isValidCep(value) ? null : 'cep')),
      z.transform(onlyDigits),
    )
    .register(fieldUi, { kind: 'cep', md: 3, required: true, ...ui });
}

/** A street number as written on an envelope: `1200`, `1000A`, or "S/N" (no number). */
export const STREET_NUMBER = /^(\d{1,6})\s*([A-Za-z])?$/;
export const NO_NUMBER = /^s\s*\/?\s*n[º°o.]?$/i;

export function streetNumber(ctx: RuleContext, ui: Partial<FieldUi> = {}) {
  return checked((value) => {
    const trimmed = value.trim();
    if (trimmed === '') return 'required';
    if (NO_NUMBER.test(trimmed))
      return ctx.streetNumberWithoutNumber === 'refuse' ? 'streetNumberNoSn' : null;
    return STREET_NUMBER.test(trimmed) ? null : 'streetNumber';
  }).register(fieldUi, { kind: 'text', md: 2, required: true, help: 'streetNumber', ...ui });
}

/**
 * `numero` is an integer in the interface. "S/N" goes as 0 with "S/N" at the start of `complemento`;
 * "1000A" as 1000 with "1000A" there (docs/interface-readings.md, "Credit application").
 */
export function streetNumberToContract(
  typed: string,
  complemento: string,
): { numero: number; complemento: string } {
  const trimmed = typed.trim();
  const join = (first: string) => (complemento === '' ? first : `${first} ${complemento}`);
  if (NO_NUMBER.test(trimmed)) return { numero: 0, complemento: join('S/N') };
  const match = STREET_NUMBER.exec(trimmed);
  const digits = Number.parseInt(match?.[1] ?? '0', 10);
  if (match?.[2])
    return { numero: digits, complemento: join(`Nº ${match[1] ?? ''}${match[2].toUpperCase()}`) };
  return { numero: digits, complemento };
}

export function flag(ui: Partial<FieldUi> = {}) {
  return z.boolean().register(fieldUi, { kind: 'mailing', md: 12, initial: false, ...ui });
}

/** A field array of `row`s: at least `min`, at most `max`. */
export function rows<Row extends z.ZodMiniType>(row: Row, ui: Omit<RowsUi, 'kind'>) {
  return z
    .array(row)
    .check(
      z.superRefine((list, context) => {
        if (list.length < ui.min) context.addIssue({ code: 'custom', message: 'required', input: list });
        if (list.length > ui.max) context.addIssue({ code: 'custom', message: 'tooMany', input: list });
        const flagName = ui.exclusiveFlag;
        if (flagName !== undefined && list.length > 0) {
          const flagged = list.filter(
            (item) => typeof item === 'object' && item !== null && Reflect.get(item, flagName) === true,
          );
          if (flagged.length !== 1)
            context.addIssue({ code: 'custom', message: 'mailingExactlyOne', input: list });
        }
      }),
    )
    .register(fieldUi, { kind: 'rows', ...ui });
}
