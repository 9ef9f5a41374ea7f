import * as z from 'zod/mini';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { defaultDomains } from '@/config/config-schema';
import { overlay, type Overrides } from './overlay';
import { pathOf, type FieldEntry, type RuleContext } from '@/features/credit-application/field-kinds/kind';
import type { FieldMeta } from '@/features/credit-application/field-kinds/kind';
import { toCreditApplicationRequest } from '@/features/credit-application/to-request';
import {
  createWizard,
  isArrayEntry,
  isFieldEntry,
  rowFieldsOf,
  type ApplicationInput,
  type FormStepKey,
  type Wizard,
} from '@/features/credit-application/wizard/wizard';

/**
 * Sample applications for tests (unit, page and end-to-end), made from the step schemas: every required
 * field gets an example of its kind that its own schema accepts, so a field added to a step is filled
 * here without a change; a test states only the values it cares about (`overrides`). Never imported by
 * the app (lint: `*.fixture`).
 */

/** The rules the samples are valid under: the default config, the provider's list not yet known, today. */
export const sampleContext: RuleContext = {
  domains: defaultDomains,
  printedNameMaxLength: 26,
  moneyUnit: 'centavos',
  additionalCardFields: [],
  blankOptionalFields: 'require',
  streetNumberWithoutNumber: 'zero-and-complemento',
  productCodes: () => null,
  now: () => new Date(),
};

/** The wizard of `ctx`, built once for the default rules (a fill per step asks for it). */
let defaultWizard: Wizard | null = null;
function wizardOf(ctx: RuleContext): Wizard {
  if (ctx !== sampleContext) return createWizard(ctx);
  defaultWizard ??= createWizard(sampleContext);
  return defaultWizard;
}

/**
 * What an operator might type in a field of each kind, as typed; a field's example is the first its own
 * schema accepts (a text field may be a name, a document number or a bank account). A choice takes its
 * first option, a flag its initial value. The compiler asks for a line here when a kind is added.
 */
const candidates: { [Kind in FieldMeta['kind']]: readonly string[] } = {
  text: ['Ana Souza', '12345-6', '123456789'],
  upper: ['SSP', 'BRA'],
  printedName: ['ANA SOUZA'],
  cpf: ['062.473.119-74'],
  date: ['12/04/1988'],
  money: ['6.500,00'],
  branch: ['1'],
  email: ['ana.souza@example.com'],
  phone: ['11', '98765-4321'],
  cep: ['04101-000'],
  streetNumber: ['1200'],
  choice: [],
  product: ['102'],
  exclusiveFlag: [],
};

/** A value of `entry`'s kind that its schema accepts, for a field that starts blank; an optional one stays so. */
function exampleOf({ path, schema, field }: FieldEntry): string {
  if (!field.required) return '';
  if (field.kind === 'choice') {
    const [first] = field.options;
    if (first) return first.value;
  }
  const example = candidates[field.kind].find((candidate) => z.safeParse(schema, candidate).success);
  if (example === undefined)
    throw new Error(
      `No example of kind "${field.kind}" fits ${path}: add one to sample-application.fixture.ts.`,
    );
  return example;
}

/** Every field of the wizard's form steps, rows included (those of a blank form's rows). */
function everyField(wizard: Wizard, values: ApplicationInput): FieldEntry[] {
  return wizard.steps.flatMap((step) =>
    step.fields.flatMap((entry) => {
      if (isFieldEntry(entry)) return [entry];
      if (!isArrayEntry(entry)) return [];
      const rows = valueAt(values, entry.path);
      const count = Array.isArray(rows) ? rows.length : 0;
      return Array.from({ length: count }, (_, index) => rowFieldsOf(entry, index)).flat();
    }),
  );
}

type Tree = { [key: string]: unknown } | unknown[];

function valueAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isTree(node) ? lookup(node, key) : undefined), root);
}

function setAt(root: Tree, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop();
  const parent = keys.reduce<unknown>((node, key) => (isTree(node) ? lookup(node, key) : undefined), root);
  if (last === undefined || !isTree(parent)) throw new Error(`no place for ${path}`);
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else parent[last] = value;
}

/** A copy of `values` with `value` at `path` (`portador.telefones.0.numerododdd`). */
export function withValueAt(values: ApplicationInput, path: string, value: string): ApplicationInput {
  const copy = structuredClone(values);
  setAt(copy, path, value);
  return copy;
}

const isTree = (node: unknown): node is Tree => typeof node === 'object' && node !== null;
const lookup = (node: Tree, key: string): unknown => (Array.isArray(node) ? node[Number(key)] : node[key]);

/**
 * A complete application as an operator would have typed it (every step passes under `ctx`): one phone,
 * one mailing address, no additional card, each field its kind's example unless `overrides` says.
 */
export function sampleApplication(
  overrides: Overrides<ApplicationInput> = {},
  ctx: RuleContext = sampleContext,
): ApplicationInput {
  const wizard = wizardOf(ctx);
  const values = wizard.blank();
  // What a blank form already holds (initial values, the mailing flag on the first address) stays.
  for (const entry of everyField(wizard, values))
    if (valueAt(values, entry.path) === '') setAt(values, entry.path, exampleOf(entry));
  // The walk and the overlay keep the input's shape (wizard.test.ts parses the samples).
  const sample = overlay(values, overrides) as ApplicationInput;
  // A field another one suggests (the printed name) follows it, as on the page, unless a test states it.
  for (const entry of everyField(wizard, sample)) {
    const fills = entry.field.kind === 'text' ? entry.field.fills : undefined;
    const target = fills && pathOf(everyField(wizard, sample), fills.field);
    const source = valueAt(sample, entry.path);
    if (!fills || !target || valueAt(overrides, target) !== undefined || typeof source !== 'string') continue;
    setAt(sample, target, fills.suggest(source) ?? '');
  }
  return sample;
}

/**
 * The fields of `step` an operator types, in order (a field array's: its first row's, as `index`): the
 * required ones that start blank and that no other field fills in (the printed name is suggested from
 * the full name). What a test must fill to pass the step.
 */
export function typedFieldsOf(step: FormStepKey, ctx: RuleContext = sampleContext): FieldEntry[] {
  const fields = wizardOf(ctx).steps.find((candidate) => candidate.key === step)?.fields ?? [];
  const entries = fields.flatMap((entry) =>
    isArrayEntry(entry)
      ? entry.rows.min > 0
        ? rowFieldsOf(entry, 0)
        : []
      : isFieldEntry(entry)
        ? [entry]
        : [],
  );
  const suggested = new Set(
    entries.flatMap(({ field }) => (field.kind === 'text' && field.fills ? [field.fills.field] : [])),
  );
  return entries.filter(
    ({ schema, field }) => field.required && field.initial === '' && !suggested.has(schema),
  );
}

/**
 * What an operator types on `step` to pass it, in order: each of `typedFieldsOf(step)` with its value in
 * `values` (a field array's first row).
 */
export function typedValuesOf(
  step: FormStepKey,
  values: ApplicationInput,
  ctx: RuleContext = sampleContext,
): Array<{ path: string; value: string }> {
  return typedFieldsOf(step, ctx).map(({ path }) => {
    const value = valueAt(values, path);
    if (typeof value !== 'string') throw new Error(`${path} holds no text`);
    return { path, value };
  });
}

/**
 * The page tests' applicant: CPF 062.473.119-74, which has no analyses in the seed (`overrides` changes
 * it further).
 */
export function typedApplication(overrides: Overrides<ApplicationInput> = {}): ApplicationInput {
  return overlay(typedApplicant(), overrides) as ApplicationInput;
}

function typedApplicant(): ApplicationInput {
  return sampleApplication({
    codigodoproduto: '102',
    cartaodecredito: { diadovencimento: '10' },
    portador: {
      cpf: '062.473.119-74',
      nome: 'Maria da Conceição Souza',
      nomeimpresso: 'MARIA DA CONCEICAO SOUZA',
      nomedamae: 'Ana Lúcia Souza',
      sexo: 'FEMININO',
      estadocivil: 'CASADO',
      email: 'maria@example.com',
      numerodaidentidade: '123456789',
      unidadefederativadaidentidade: 'SP',
      datadeemissaodaidentidade: '30/06/2010',
      codigodaprofissao: '1',
      nomeempresa: 'Padaria Estrela',
      numerodacontacorrente: '12345-6',
      telefones: [{ numerododdd: '11', numerodotelefone: '98765-4321' }],
      enderecos: [
        {
          cep: '04101-000',
          logradouro: 'Rua Domingos de Morais',
          bairro: 'Vila Mariana',
          cidade: 'São Paulo',
          uf: 'SP',
        },
      ],
    },
  });
}

/** The body the app sends for `values` (which must pass the form under `ctx`). */
export function requestBodyOf(
  values: ApplicationInput,
  ctx: RuleContext = sampleContext,
): CreditApplicationRequest {
  const parsed = wizardOf(ctx).schema.safeParse(values);
  if (!parsed.success) throw new Error(`not a valid application: ${JSON.stringify(parsed.error.issues)}`);
  const request = toCreditApplicationRequest(parsed.data);
  if (!request.ok) throw new Error(request.problem);
  return request.body;
}
