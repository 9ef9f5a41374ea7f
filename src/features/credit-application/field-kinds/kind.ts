import type { ComponentType } from 'react';
import * as z from 'zod/mini';
import type { RuntimeConfig } from '@/config/config-schema';
import { normalizeApostrophes } from '@/lib/printed-name';
import type { TFunction } from '../texts';

/**
 * What every field kind shares (field-kinds/*.tsx: one module per kind). A kind's builder returns a zod
 * schema whose input is what the operator typed (a string), whose checks give an `ErrorCode` as the
 * message (texts.ts has `errors.<code>`), whose output is the value the interface wants, and which is
 * registered in `fieldMeta` (zod's metadata registry) with its kind's name, layout and options; the kind
 * registry (registry.tsx) gives each kind's input and display. The step schemas (steps/*.ts) are made of
 * these builders; the wizard walks them (wizard.ts).
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
  | 'printedNameWords'
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

/**
 * The help line under a field (texts.ts `help.<key>`): lines without placeholders only (the printed
 * name's line counts characters, and its input writes it).
 */
export type HelpKey = 'date' | 'nationality' | 'money' | 'optional' | 'employer' | 'branch' | 'streetNumber';

/** Where a field stands in its grid: columns out of 12 from the md breakpoint up; `xs` below (default 12). */
export interface Layout {
  md: number;
  xs?: number;
}

/** What a step schema may set on a field besides the kind's own defaults. */
export interface FieldOptions extends Partial<Layout> {
  help?: HelpKey;
  /** The value of a blank form (default ""). */
  initial?: string;
}

/**
 * Each kind's meta by its name. Every kind's module adds its own entry (`declare module './kind'`, the
 * interface merged by the compiler), so that this module names no kind and imports none: the kinds import
 * it, the registry imports the kinds, and no import goes back up. registry.tsx checks that its list of
 * kinds matches these entries.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface MetaByKind {}

/** The name of a kind (`text`, `cpf`…). */
export type KindName = keyof MetaByKind;

/** A field's meta, whatever its kind (its `kind` says which). */
export type FieldMeta = MetaByKind[KindName];

/** What every kind's meta holds (a kind adds its own, plain data only: its entry in `MetaByKind`). */
export interface BaseMeta extends Layout {
  required: boolean;
  help?: HelpKey;
  /** The value of a blank form. */
  initial: string | boolean;
}

/** The meta of kind `Kind`, with the plain data `Extra` its input needs. */
export type KindMeta<Kind extends string, Extra = unknown> = BaseMeta & { kind: Kind } & Extra;

/** One field of a step or of a row, found by walking the schemas: its path in the body and its meta. */
export interface FieldEntry {
  path: string;
  schema: z.core.$ZodType;
  field: FieldMeta;
}

/** The props of a kind's input. */
export interface FieldInputProps<Meta extends BaseMeta = FieldMeta> {
  /** The field's path in the request body: its `name` attribute, its label, its id. */
  name: string;
  meta: Meta;
  /** The fields beside it (its step's or its row's), where a link to another field is found. */
  siblings: readonly FieldEntry[];
}

/** What a display needs besides the value. */
export interface DisplayContext {
  t: TFunction;
  language: string;
  /** The provider's name of a product code, once the list has loaded. */
  productName: (code: string) => string | undefined;
}

/** How a kind behaves: its input, and how its value reads on the review (and on a printed summary). */
export interface FieldKind<Meta extends BaseMeta> {
  Input: ComponentType<FieldInputProps<Meta>>;
  display: (value: unknown, meta: Meta, context: DisplayContext) => string;
}

/**
 * The UI description of every field schema, in zod's metadata registry (`describe` adds it).
 * Plain data: zod rewrites a registry's meta type for each schema, which suits data, not components; a
 * field links to another by the other's schema (compared by identity), stored as `unknown`.
 */
export const fieldMeta = z.registry<FieldMeta>();

/** A field's meta as a builder gives it: required and blank ("") unless it says otherwise. */
type Described<Meta> = Meta extends BaseMeta
  ? Omit<Meta, 'required' | 'initial'> & Partial<Pick<BaseMeta, 'required' | 'initial'>>
  : never;

/** Registers `meta` for `schema` in `fieldMeta` (what a kind's builder does last); returns the schema. */
export function describe<S extends z.core.$ZodType>(schema: S, meta: Described<FieldMeta>): S {
  const registered: z.core.$ZodType = schema;
  fieldMeta.add(registered, { required: true, initial: '', ...meta });
  return schema;
}

/** The path of the sibling whose schema is `schema`: how a field finds the one it links to. */
export function pathOf(siblings: readonly FieldEntry[], schema: unknown): string | undefined {
  if (schema === undefined) return undefined;
  return siblings.find((entry) => entry.schema === schema)?.path;
}

type Rule = (value: string) => ErrorCode | null;

/** A string whose one check is `rule`: the code it returns is the issue's message. */
export function checked(rule: Rule) {
  return z.string().check(
    z.superRefine((value, context) => {
      const code = rule(value);
      if (code) context.addIssue({ code: 'custom', message: code, input: value });
    }),
  );
}

export const isBlank = (value: string) => value.trim() === '';

/** Spaces folded, apostrophes straightened ("D’Ávila" and "D'Ávila" are the same name). */
export const clean = (value: string) => normalizeApostrophes(value).trim().replace(/\s+/g, ' ');

/** The value as typed (the display of most kinds). */
export const asTyped = (value: unknown): string => (typeof value === 'string' ? value : '');
