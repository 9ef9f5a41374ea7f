import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { defaultDomains } from '@/config/config-schema';
import type { RuleContext } from '@/features/credit-application/rules';
import { createSchemas, type ApplicationInput, type FormStepKey } from '@/features/credit-application/schema';
import { toCreditApplicationRequest } from '@/features/credit-application/to-request';
import { suggestPrintedName } from '@/lib/printed-name';
import { overlay, type Overrides } from './overlay';

/**
 * Sample applications for tests (unit, page and end-to-end): a complete application as an operator types
 * it; a test states only the values it cares about (`overrides`). A field added to the form is added
 * here too (tsc says so: `ApplicationInput`). Never imported by the app (lint: `*.fixture`).
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

const first = (options: ReadonlyArray<{ value: string }>) => options[0]?.value ?? '';

/** Every field filled as an operator would, the printed name as suggested; one phone, one mailing address. */
function completeApplication(): ApplicationInput {
  return {
    codigodoproduto: '102',
    cartaodecredito: { diadovencimento: '10' },
    portador: {
      cpf: '062.473.119-74',
      nome: 'Ana Souza',
      nomeimpresso: 'ANA SOUZA',
      nomedamae: 'Maria Souza',
      datadenascimento: '12/04/1988',
      sexo: first(defaultDomains.sexo),
      estadocivil: first(defaultDomains.estadocivil),
      email: 'ana.souza@example.com',
      siglanacionalidade: 'BRA',
      numerodaidentidade: '123456789',
      orgaoexpedidordaidentidade: 'SSP',
      unidadefederativadaidentidade: 'SP',
      datadeemissaodaidentidade: '30/06/2010',
      codigodaprofissao: String(defaultDomains.profissoes[0]?.code ?? ''),
      nomeempresa: 'Padaria Estrela',
      valorrenda: '6.500,00',
      numerodaagencia: '1',
      numerodacontacorrente: '12345-6',
      telefones: [
        {
          numerododdd: '11',
          numerodotelefone: '98765-4321',
          tipotelefone: first(defaultDomains.tipotelefone),
        },
      ],
      enderecos: [
        {
          cep: '04101-000',
          numero: '1200',
          complemento: '',
          tipoendereco: first(defaultDomains.tipoendereco),
          pontoreferencia: '',
          logradouro: 'Rua Domingos de Morais',
          bairro: 'Vila Mariana',
          cidade: 'São Paulo',
          uf: 'SP',
          pais: 'Brasil',
          enderecocorrespondencia: true,
        },
      ],
      cartoesadicionais: [],
    },
  };
}

/** A copy of `values` with `value` at `path` (`portador.telefones.0.numerododdd`). */
export function withValueAt(values: ApplicationInput, path: string, value: string): ApplicationInput {
  const copy: unknown = structuredClone(values);
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  const parent = keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], copy);
  (parent as Record<string, unknown>)[last] = value;
  return copy as ApplicationInput;
}

/**
 * A complete application as an operator would have typed it (every step passes under the sample rules),
 * changed by `overrides`. The printed name follows the full name, as on the page, unless a test states it.
 */
export function sampleApplication(overrides: Overrides<ApplicationInput> = {}): ApplicationInput {
  // The overlay keeps the input's shape (schema.test.ts parses the samples).
  const sample = overlay(completeApplication(), overrides) as ApplicationInput;
  if (overrides.portador?.nomeimpresso === undefined)
    sample.portador.nomeimpresso = suggestPrintedName(
      sample.portador.nome,
      sampleContext.printedNameMaxLength,
    );
  return sample;
}

/**
 * The fields of each step an operator types to pass it, in the step's order (a list's: its first row's):
 * the required ones that start blank and that nothing fills in (the printed name is suggested).
 */
export const typedPaths: Record<FormStepKey, readonly string[]> = {
  product: ['codigodoproduto', 'cartaodecredito.diadovencimento'],
  personal: [
    'portador.cpf',
    'portador.nome',
    'portador.nomedamae',
    'portador.datadenascimento',
    'portador.sexo',
    'portador.estadocivil',
    'portador.email',
  ],
  document: [
    'portador.numerodaidentidade',
    'portador.unidadefederativadaidentidade',
    'portador.datadeemissaodaidentidade',
  ],
  income: [
    'portador.codigodaprofissao',
    'portador.nomeempresa',
    'portador.valorrenda',
    'portador.numerodaagencia',
    'portador.numerodacontacorrente',
  ],
  phones: ['portador.telefones.0.numerododdd', 'portador.telefones.0.numerodotelefone'],
  addresses: [
    'portador.enderecos.0.cep',
    'portador.enderecos.0.numero',
    'portador.enderecos.0.logradouro',
    'portador.enderecos.0.bairro',
    'portador.enderecos.0.cidade',
    'portador.enderecos.0.uf',
  ],
  additionalCards: [],
};

function valueAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? Reflect.get(node, key) : undefined),
      root,
    );
}

/** What an operator types on `step` to pass it, in order: each of `typedPaths[step]` with its value in `values`. */
export function typedValuesOf(
  step: FormStepKey,
  values: ApplicationInput,
): Array<{ path: string; value: string }> {
  return typedPaths[step].map((path) => {
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
  const applicant = sampleApplication({
    codigodoproduto: '102',
    cartaodecredito: { diadovencimento: '10' },
    portador: {
      nome: 'Maria da Conceição Souza',
      nomeimpresso: 'MARIA DA CONCEICAO SOUZA',
      nomedamae: 'Ana Lúcia Souza',
      sexo: 'FEMININO',
      estadocivil: 'CASADO',
      email: 'maria@example.com',
      codigodaprofissao: '1',
    },
  });
  return overlay(applicant, overrides) as ApplicationInput;
}

/** The body the app sends for `values` (which must pass the form under `ctx`). */
export function requestBodyOf(
  values: ApplicationInput,
  ctx: RuleContext = sampleContext,
): CreditApplicationRequest {
  const parsed = createSchemas(ctx).application.safeParse(values);
  if (!parsed.success) throw new Error(`not a valid application: ${JSON.stringify(parsed.error.issues)}`);
  const request = toCreditApplicationRequest(parsed.data);
  if (!request.ok) throw new Error(request.problem);
  return request.body;
}
