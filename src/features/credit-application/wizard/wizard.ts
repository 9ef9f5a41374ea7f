import * as z from 'zod/mini';
import { anyDate } from '../field-kinds/date';
import { fieldMeta, pathOf, type ErrorCode, type FieldEntry, type RuleContext } from '../field-kinds/kind';
import { rowSchemaOf, rowsMeta, type RowsMeta } from '../field-kinds/rows';
import { additionalCardsStep } from '../steps/additional-cards';
import { addressesStep } from '../steps/addresses';
import { documentStep } from '../steps/document';
import { incomeStep } from '../steps/income';
import { personalStep } from '../steps/personal';
import { phonesStep } from '../steps/phones';
import { productStep } from '../steps/product';
import type { creditApplicationTexts } from '../texts';
import { compareDates } from '@/lib/calendar-dates';

/**
 * The wizard: its steps in order (`slug` is the last path segment, `/proposta/nova/<slug>`), and the one
 * form schema made of the step schemas. Everything else (what "Continuar" validates, the inputs drawn,
 * the review's rows, the blank form) is read from these schemas, through zod's public API only: an
 * object's `shape` and the metadata registries `fieldMeta` and `rowsMeta`.
 */
export const stepOrder = [
  { slug: 'produto', key: 'product' },
  { slug: 'dados-pessoais', key: 'personal' },
  { slug: 'documento', key: 'document' },
  { slug: 'renda-e-conta', key: 'income' },
  { slug: 'telefones', key: 'phones' },
  { slug: 'enderecos', key: 'addresses' },
  { slug: 'cartoes-adicionais', key: 'additionalCards' },
  { slug: 'revisao', key: 'review' },
] as const;

export type StepKey = (typeof stepOrder)[number]['key'];
export type StepSlug = (typeof stepOrder)[number]['slug'];
export type FormStepKey = Exclude<StepKey, 'review'>;

export const REVIEW_SLUG: StepSlug = 'revisao';
export const FIRST_SLUG: StepSlug = 'produto';

export function stepIndexOf(slug: string | undefined): number {
  return stepOrder.findIndex((step) => step.slug === slug);
}

function buildSteps(ctx: RuleContext) {
  return {
    product: productStep(ctx),
    personal: personalStep(ctx),
    document: documentStep(ctx),
    income: incomeStep(ctx),
    phones: phonesStep(ctx),
    addresses: addressesStep(ctx),
    additionalCards: additionalCardsStep(ctx),
  } satisfies Record<FormStepKey, z.ZodMiniObject>;
}

/** A check of one field against another that fills it (`fills.check`): the printed name against the name. */
interface LinkCheck {
  source: string;
  target: string;
  check: (value: string, filled: string) => ErrorCode | null;
}

/** The linked fields of the steps (not inside rows) whose link carries a check. */
function linkChecksOf(steps: ReturnType<typeof buildSteps>): LinkCheck[] {
  return Object.values(steps).flatMap((step) => {
    const fields = fieldsOf(step).filter(isFieldEntry);
    return fields.flatMap((entry): LinkCheck[] => {
      const fills = entry.field.kind === 'text' ? entry.field.fills : undefined;
      const target = fills?.check ? pathOf(fields, fills.field) : undefined;
      return fills?.check && target ? [{ source: entry.path, target, check: fills.check }] : [];
    });
  });
}

/** The text at `path` of parsed values, or "" (a field that failed keeps what was typed). */
function textAt(values: unknown, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? Reflect.get(node, key) : undefined),
      values,
    );
  return typeof value === 'string' ? value : '';
}

/**
 * The whole form: the step schemas side by side, plus the checks that span two fields (the printed name
 * against the full name) or two steps (the identity issued after birth).
 */
function buildApplicationSchema(steps: ReturnType<typeof buildSteps>) {
  const linkChecks = linkChecksOf(steps);
  return z
    .object({
      ...steps.product.shape,
      portador: z.object({
        ...steps.personal.shape.portador.shape,
        ...steps.document.shape.portador.shape,
        ...steps.income.shape.portador.shape,
        ...steps.phones.shape.portador.shape,
        ...steps.addresses.shape.portador.shape,
        ...steps.additionalCards.shape.portador.shape,
      }),
    })
    .check(
      z.superRefine((values, context) => {
        for (const { source, target, check } of linkChecks) {
          const filled = textAt(values, target);
          // Blank: its own field asks for it.
          const code = filled.trim() === '' ? null : check(textAt(values, source), filled);
          if (code)
            context.addIssue({ code: 'custom', message: code, path: target.split('.'), input: values });
        }
        const birth = anyDate(values.portador.datadenascimento);
        const issued = anyDate(values.portador.datadeemissaodaidentidade);
        if (birth && issued && compareDates(issued, birth) < 0)
          context.addIssue({
            code: 'custom',
            message: 'issuedBeforeBirth',
            path: ['portador', 'datadeemissaodaidentidade'],
            input: values,
          });
      }),
    );
}

export type ApplicationSchema = ReturnType<typeof buildApplicationSchema>;
/** The form's values as typed (strings), under the request body's paths. */
export type ApplicationInput = z.input<ApplicationSchema>;

/**
 * The names of every field and field array of the form (the keys of the step schemas' objects, rows
 * included; not the groups `portador` and `cartaodecredito`, nor the config's additional-card fields).
 */
type FieldNames<T> = T extends readonly (infer Row)[]
  ? FieldNames<Row>
  : T extends object
    ? string extends keyof T
      ? never
      : {
          [K in keyof T & string]: T[K] extends readonly unknown[]
            ? K | FieldNames<T[K]>
            : T[K] extends object
              ? FieldNames<T[K]>
              : K;
        }[keyof T & string]
    : never;

/** A field a step schema names but texts.ts `fields` has no label for (never, when each has one). */
type UnlabelledField = Exclude<
  FieldNames<ApplicationInput>,
  keyof (typeof creditApplicationTexts)['pt-BR']['fields']
>;

/**
 * Every field named by a step schema has a label: a field missing from texts.ts `fields` fails tsc here,
 * naming it (`defineTexts` makes the English table have the same keys as the Portuguese one).
 */
export const everyFieldHasALabel: [UnlabelledField] extends [never] ? true : UnlabelledField = true;
/** The parsed form: digits, ISO dates, integers; what `toCreditApplicationRequest` sends. */
export type ApplicationOutput = z.output<ApplicationSchema>;

export type { FieldEntry };

/** A field array of a step (phones, addresses, additional cards). */
export interface ArrayEntry {
  path: string;
  schema: z.core.$ZodType;
  rows: RowsMeta;
}

/** What a step (or a row) is made of, in order: fields and field arrays. */
export type StepEntry = FieldEntry | ArrayEntry;

export const isArrayEntry = (entry: StepEntry): entry is ArrayEntry => 'rows' in entry;
export const isFieldEntry = (entry: StepEntry): entry is FieldEntry => 'field' in entry;

const under = (prefix: string, key: string) => (prefix === '' ? key : `${prefix}.${key}`);

/** The fields and field arrays of `object` in order, with their paths under `prefix`. */
export function fieldsOf(object: z.ZodMiniObject, prefix = ''): StepEntry[] {
  return Object.entries(object.shape).flatMap(([key, schema]): StepEntry[] => {
    const path = under(prefix, key);
    const field = fieldMeta.get(schema);
    if (field) return [{ path, schema, field }];
    const rows = rowsMeta.get(schema);
    if (rows) return [{ path, schema, rows }];
    return schema instanceof z.ZodMiniObject ? fieldsOf(schema, path) : [];
  });
}

/** The fields of one row of a field array, with their paths under the row's (`portador.telefones.0`). */
export function rowFieldsOf(entry: ArrayEntry, index: number): FieldEntry[] {
  return fieldsOf(rowSchemaOf(entry.rows), `${entry.path}.${index}`).filter(isFieldEntry);
}

type Blank = string | boolean | Blank[] | { [key: string]: Blank };

/** A blank value for `object`: its fields' `initial` values, `min` blank rows in each field array. */
function blankOf(object: z.ZodMiniObject): { [key: string]: Blank } {
  return Object.fromEntries(
    Object.entries(object.shape).map(([key, schema]): [string, Blank] => {
      const field = fieldMeta.get(schema);
      if (field) return [key, field.initial];
      const rows = rowsMeta.get(schema);
      if (rows) return [key, Array.from({ length: rows.min }, (_, index) => blankRow(rows, index === 0))];
      return [key, schema instanceof z.ZodMiniObject ? blankOf(schema) : ''];
    }),
  );
}

/** A new row of a field array; the exclusive flag (mailing address) set on the first row only. */
export function blankRow(rows: RowsMeta, first: boolean): { [key: string]: Blank } {
  const row = blankOf(rowSchemaOf(rows));
  if (rows.exclusiveFlag !== undefined) row[rows.exclusiveFlag] = first;
  return row;
}

export interface Wizard {
  schema: ApplicationSchema;
  steps: Array<{ slug: StepSlug; key: StepKey; schema: z.ZodMiniObject | null; fields: StepEntry[] }>;
  /** A blank application: one empty phone, one empty (mailing) address, no additional card. */
  blank: () => ApplicationInput;
}

export function createWizard(ctx: RuleContext): Wizard {
  const built = buildSteps(ctx);
  const schema = buildApplicationSchema(built);
  return {
    schema,
    steps: stepOrder.map((step) => {
      const stepSchema = step.key === 'review' ? null : built[step.key];
      return { ...step, schema: stepSchema, fields: stepSchema ? fieldsOf(stepSchema) : [] };
    }),
    // The walk builds exactly the input shape of `schema` (strings, booleans, arrays of rows); TypeScript
    // cannot follow a walk over a schema, so this one assertion stands for it (wizard.test.ts parses it).
    blank: () => blankOf(schema) as ApplicationInput,
  };
}

/** The index of the first step whose fields have problems in `values` (the review's, when none has). */
export function firstStepWithProblems(wizard: Wizard, values: ApplicationInput): number {
  const parsed = wizard.schema.safeParse(values);
  const last = wizard.steps.length - 1;
  if (parsed.success) return last;
  const indices = parsed.error.issues.map((issue) => {
    const step = stepOfField(wizard, issue.path.join('.'));
    return step ? wizard.steps.indexOf(step) : last;
  });
  return Math.min(last, ...indices);
}

/** The step that holds the field at `path` (`portador.enderecos.1.cep` → enderecos). */
export function stepOfField(wizard: Wizard, path: string): Wizard['steps'][number] | undefined {
  return wizard.steps.find((step) =>
    step.fields.some((field) => path === field.path || path.startsWith(`${field.path}.`)),
  );
}
