import * as z from 'zod/mini';
import type { RuntimeConfig } from '@/config/config-schema';
import { UF_CODES } from '@/lib/brazil';
import {
  ageOn,
  calendarDateOf,
  compareDates,
  normalizeBrDate,
  parseBrDate,
  toIsoDate,
} from '@/lib/calendar-dates';
import { onlyDigits } from '@/lib/digit-pattern';
import { parseMoneyInput } from '@/lib/money';
import { foreignPrintedWord, isValidPrintedName, normalizeApostrophes } from '@/lib/printed-name';
import type { creditApplicationTexts } from './texts';

/**
 * The Brazilian rules of the credit application's fields, as zod schemas: each takes what the operator
 * typed (a string), refuses it with an error code (texts.ts `errors.<code>`) or gives the value the
 * interface wants (digits, ISO dates, integers, income in the configured unit). `schema.ts` makes the
 * steps of them.
 */

/** Why a value is refused: each code is a message in texts.ts (`errors.<code>`). */
export type ErrorCode = Exclude<
  keyof (typeof creditApplicationTexts)['pt-BR']['errors'],
  `summaryTitle${string}`
>;

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

/** A choice's value and its label (a config label: one text, or one per language). */
export type Option = RuntimeConfig['domains']['sexo'][number];

/** The bill due days offered (the interface gives no list; these are the usual ones). */
export const DUE_DAYS: readonly Option[] = ['1', '5', '10', '15', '20', '25'].map((day) => ({
  value: day,
  label: day,
}));
export const UF_OPTIONS: readonly Option[] = UF_CODES.map((code) => ({ value: code, label: code }));

const isBlank = (value: string) => value.trim() === '';
/** Spaces folded, apostrophes straightened ("D’Ávila" and "D'Ávila" are the same name). */
export const clean = (value: string) => normalizeApostrophes(value).trim().replace(/\s+/g, ' ');

/** A string whose one check is `rule`: the code it returns is the issue's message. */
function checked(rule: (value: string) => ErrorCode | null) {
  return z.string().check(
    z.superRefine((value, context) => {
      const code = rule(value);
      if (code) context.addIssue({ code: 'custom', message: code, input: value });
    }),
  );
}

export const text = (max: number) =>
  z.pipe(
    checked((value) => (isBlank(value) ? 'required' : clean(value).length > max ? 'tooLong' : null)),
    z.transform(clean),
  );
/** Text the interface says may be empty (`complemento`, `pontoreferencia`): sent as "" when blank. */
export const mayBeEmpty = (max: number) =>
  z.pipe(
    checked((value) => (clean(value).length > max ? 'tooLong' : null)),
    z.transform(clean),
  );
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '.-]+[\p{L}\p{M}]+)*\.?$/u;
export const personName = () =>
  z.pipe(
    checked((value) => {
      const name = clean(value);
      if (name === '') return 'required';
      return name.length > 120 ? 'tooLong' : PERSON_NAME.test(name) ? null : 'personName';
    }),
    z.transform(clean),
  );
/** Letters, digits and the pattern's punctuation, sent upper-cased (an identity number, an issuer). */
export const code = (pattern: RegExp, error: ErrorCode) =>
  z.pipe(
    checked((value) => (isBlank(value) ? 'required' : pattern.test(clean(value)) ? null : error)),
    z.transform((value) => clean(value).toUpperCase()),
  );
export const digits = (rule: (value: string) => ErrorCode | null) =>
  z.pipe(
    checked((value) => (isBlank(value) ? 'required' : rule(value))),
    z.transform(onlyDigits),
  );
const isOneOf = (options: readonly Option[], value: string) =>
  options.some((option) => option.value === value);
export const choice = (options: readonly Option[], error: ErrorCode = 'choose') =>
  checked((value) => (isBlank(value) ? 'choose' : isOneOf(options, value) ? null : error));
/** One of `options` whose values are integers (an occupation code, a due day), sent as an integer. */
export const intChoice = (options: readonly Option[], error: ErrorCode = 'choose') =>
  z.pipe(
    checked((value) => (isBlank(value) ? 'choose' : isOneOf(options, value.trim()) ? null : error)),
    z.transform((value) => Number.parseInt(value.trim(), 10)),
  );

/** A date as typed (01/04/1988, 1/4/1988, 01041988, 1988-04-01), sent as ISO. */
export function date(ctx: RuleContext, limits: { adult?: boolean; notFuture?: boolean }) {
  return z.pipe(
    checked((value) => {
      if (isBlank(value)) return 'required';
      const parsed = parseBrDate(normalizeBrDate(value));
      const today = calendarDateOf(ctx.now());
      if (!parsed) return 'date';
      if (limits.adult) {
        if (compareDates(parsed, today) > 0) return 'date';
        if (ageOn(parsed, today) < 18) return 'adult';
        if (ageOn(parsed, today) > 130) return 'tooOld';
      }
      return limits.notFuture && compareDates(parsed, today) > 0 ? 'issuedInFuture' : null;
    }),
    z.transform((value) => {
      const parsed = parseBrDate(normalizeBrDate(value));
      return parsed ? toIsoDate(parsed) : value;
    }),
  );
}

/** A date of either form (as typed, or a parsed ISO value), for checks across fields. */
const anyDate = (value: unknown) => (typeof value === 'string' ? parseBrDate(normalizeBrDate(value)) : null);

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const STREET_NUMBER = /^(\d{1,6})\s*([A-Za-z])?$/;
const NO_NUMBER = /^s\s*\/?\s*n[º°o.]?$/i;

/** "S/N" goes as 0 with "S/N" at the start of `complemento`; "1000A" as 1000 with "Nº 1000A" there. */
export function streetNumberToContract(typed: string, complemento: string) {
  const trimmed = typed.trim();
  const join = (first: string) => (complemento === '' ? first : `${first} ${complemento}`);
  if (NO_NUMBER.test(trimmed)) return { numero: 0, complemento: join('S/N') };
  const match = STREET_NUMBER.exec(trimmed);
  const number = Number.parseInt(match?.[1] ?? '0', 10);
  if (match?.[2])
    return { numero: number, complemento: join(`Nº ${match[1] ?? ''}${match[2].toUpperCase()}`) };
  return { numero: number, complemento };
}

/** A field array of `row`s, at least `min` and at most `max`. */
export function rows<Row extends z.core.$ZodType>(row: Row, min: number, max: number) {
  return z.array(row).check(
    z.superRefine((list: unknown[], context) => {
      if (list.length < min) context.addIssue({ code: 'custom', message: 'required', input: list });
      if (list.length > max) context.addIssue({ code: 'custom', message: 'tooMany', input: list });
    }),
  );
}

interface Named {
  portador: { nome: string; nomeimpresso: string };
}
/** The printed name's words are the full name's (or their initials), then it fits the card. */
export const printedNameFits = (max: number) =>
  z.superRefine<Named>((values, context) => {
    const printed = clean(values.portador.nomeimpresso).toUpperCase();
    if (printed === '') return;
    const code: ErrorCode | null =
      foreignPrintedWord(printed, values.portador.nome) !== null
        ? 'printedNameWords'
        : printed.length > max
          ? 'printedNameLength'
          : null;
    if (code)
      context.addIssue({ code: 'custom', message: code, path: ['portador', 'nomeimpresso'], input: values });
  });

interface Dated {
  portador: { datadenascimento: string; datadeemissaodaidentidade: string };
}
/** The identity is issued after birth (the one check across two steps). */
export const issuedAfterBirth = z.superRefine<Dated>((values, context) => {
  const birth = anyDate(values.portador.datadenascimento);
  const issued = anyDate(values.portador.datadeemissaodaidentidade);
  if (birth && issued && compareDates(issued, birth) < 0)
    context.addIssue({
      code: 'custom',
      message: 'issuedBeforeBirth',
      path: ['portador', 'datadeemissaodaidentidade'],
      input: values,
    });
});

/** A product code of the provider's list (any positive integer until the list has loaded). */
export const productCode = (ctx: RuleContext) =>
  z.pipe(
    checked((value) => {
      if (isBlank(value)) return 'choose';
      const known = ctx.productCodes();
      if (!/^\d{1,9}$/.test(value.trim())) return 'product';
      return known === null || known.includes(value.trim()) ? null : 'product';
    }),
    z.transform((value) => Number.parseInt(value.trim(), 10)),
  );

/** The name embossed on the card: its characters here; its words and length against the full name. */
export const printedName = () =>
  z.pipe(
    checked((value) => {
      const printed = clean(value).toUpperCase();
      if (printed === '') return 'required';
      return isValidPrintedName(printed, printed.length) ? null : 'printedName';
    }),
    z.transform((value) => clean(value).toUpperCase()),
  );

export const email = () =>
  z.pipe(
    checked((value) => {
      const trimmed = value.trim();
      if (trimmed === '') return 'required';
      return trimmed.length <= 254 && EMAIL.test(trimmed) ? null : 'email';
    }),
    z.transform((value) => value.trim()),
  );

/** Text left out of the body when blank (never sent as ""). */
export const omittable = (max: number) =>
  z.pipe(
    checked((value) => (clean(value).length > max ? 'tooLong' : null)),
    z.transform((value) => (isBlank(value) ? undefined : clean(value))),
  );

/** An income typed as 1.234,56, sent as an integer in the configured unit (centavos, or whole reais). */
export const money = (ctx: RuleContext) =>
  z.pipe(
    checked((value) => {
      if (isBlank(value)) return 'required';
      const cents = parseMoneyInput(value);
      if (cents === null) return 'money';
      return ctx.moneyUnit === 'reais' && cents % 100 !== 0 ? 'moneyWholeReais' : null;
    }),
    z.transform((value) => {
      const cents = parseMoneyInput(value) ?? 0;
      return ctx.moneyUnit === 'centavos' ? cents : Math.round(cents / 100);
    }),
  );

/** A branch, an integer in the interface: a check digit ("0001-9") is refused with a message, never cut. */
export const branch = () =>
  z.pipe(
    checked((value) => {
      const trimmed = value.trim();
      if (trimmed === '') return 'required';
      if (/^\d{1,5}[-\s][\dXx]$/.test(trimmed)) return 'branchCheckDigit';
      return /^\d{1,5}$/.test(trimmed) ? null : 'branch';
    }),
    z.transform((value) => Number.parseInt(value.trim(), 10)),
  );

/** A street number as written on an envelope: 1200, 1000A, or S/N (unless config refuses it). */
export const streetNumber = (ctx: RuleContext) =>
  checked((value) => {
    const trimmed = value.trim();
    if (trimmed === '') return 'required';
    if (NO_NUMBER.test(trimmed))
      return ctx.streetNumberWithoutNumber === 'refuse' ? 'streetNumberNoSn' : null;
    return STREET_NUMBER.test(trimmed) ? null : 'streetNumber';
  });
