import * as z from 'zod/mini';
import { anyDate, fieldUi, type FieldUi, type RowsUi, type RuleContext } from './field-kit';
import { additionalCardsStep } from './steps/additional-cards';
import { addressesStep } from './steps/addresses';
import { documentStep } from './steps/document';
import { incomeStep } from './steps/income';
import { personalStep } from './steps/personal';
import { phonesStep } from './steps/phones';
import { productStep } from './steps/product';
import { compareDates } from '@/lib/dates';

/**
 * The wizard: its steps in order (`slug` is the last path segment, `/proposta/nova/<slug>`), and the one
 * form schema made of the step schemas. Everything else (what "Continuar" validates, the inputs drawn,
 * the review's rows, the blank form) is read from these schemas.
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

/** The whole form: the step schemas side by side, plus the one check that spans two steps. */
function buildApplicationSchema(steps: ReturnType<typeof buildSteps>) {
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
/** The parsed form: digits, ISO dates, integers; what `toCreditApplicationRequest` sends. */
export type ApplicationOutput = z.output<ApplicationSchema>;

/** One field (or field array) of a step, found by walking its schema. */
export interface FieldEntry {
  path: string;
  ui: FieldUi | RowsUi;
  schema: z.core.$ZodType;
}

function inner(schema: z.core.$ZodType): z.core.$ZodType {
  return schema instanceof z.core.$ZodPipe ? inner(schema._zod.def.in) : schema;
}

/** The fields of `schema` in order, with their paths under `prefix` (a field array is one entry). */
export function fieldsOf(schema: z.core.$ZodType, prefix = ''): FieldEntry[] {
  const ui = fieldUi.get(schema);
  if (ui) return [{ path: prefix, ui, schema }];
  const body = inner(schema);
  if (!(body instanceof z.core.$ZodObject)) return [];
  return Object.entries(body._zod.def.shape).flatMap(([key, child]) =>
    fieldsOf(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

/** The schema of one row of a field array. */
export function rowSchemaOf(entry: FieldEntry): z.core.$ZodType | null {
  return entry.schema instanceof z.core.$ZodArray ? entry.schema._zod.def.element : null;
}

/** The values of a select's options, from config (labels are the UI's business). */
export function optionValues(source: FieldUi['options'], ctx: Pick<RuleContext, 'domains'>): string[] {
  switch (source) {
    case 'profissoes':
      return ctx.domains.profissoes.map((entry) => String(entry.code));
    case 'sexo':
    case 'estadocivil':
    case 'tipotelefone':
    case 'tipoendereco':
      return ctx.domains[source].map((entry) => entry.value);
    default:
      return [];
  }
}

type Blank = string | boolean | Blank[] | { [key: string]: Blank };

/** A blank value for `schema`: its fields' `initial` values, `min` blank rows in each field array. */
export function blankOf(schema: z.core.$ZodType, ctx: Pick<RuleContext, 'domains'>): Blank {
  const ui = fieldUi.get(schema);
  if (ui?.kind === 'rows') {
    const element = schema instanceof z.core.$ZodArray ? schema._zod.def.element : null;
    return Array.from({ length: ui.min }, (_, index) => blankRow(element, ui, index === 0, ctx));
  }
  if (ui) {
    if (ui.initialFirstOption) return optionValues(ui.options, ctx)[0] ?? '';
    return ui.initial ?? '';
  }
  const body = inner(schema);
  if (!(body instanceof z.core.$ZodObject)) return '';
  return Object.fromEntries(
    Object.entries(body._zod.def.shape).map(([key, child]) => [key, blankOf(child, ctx)]),
  );
}

/** A new row of a field array; the exclusive flag (mailing address) set on the first row only. */
export function blankRow(
  element: z.core.$ZodType | null,
  ui: RowsUi,
  first: boolean,
  ctx: Pick<RuleContext, 'domains'>,
): Blank {
  const row = element ? blankOf(element, ctx) : {};
  if (ui.exclusiveFlag && typeof row === 'object' && !Array.isArray(row)) row[ui.exclusiveFlag] = first;
  return row;
}

export interface Wizard {
  schema: ApplicationSchema;
  steps: Array<{ slug: StepSlug; key: StepKey; schema: z.ZodMiniObject | null; fields: FieldEntry[] }>;
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
    blank: () => blankOf(schema, ctx) as ApplicationInput,
  };
}

/** The step that holds the field at `path` (`portador.enderecos.1.cep` → enderecos). */
export function stepOfField(wizard: Wizard, path: string): Wizard['steps'][number] | undefined {
  return wizard.steps.find((step) =>
    step.fields.some((field) => path === field.path || path.startsWith(`${field.path}.`)),
  );
}
