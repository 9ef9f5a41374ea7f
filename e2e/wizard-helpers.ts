import { expect, type Page } from '@playwright/test';
import { sampleApplication, typedPaths, typedValuesOf } from '@/test/sample-application';
import { overlay, type Overrides } from '../src/test/overlay';
import type { ApplicationInput, FormStepKey } from '../src/features/credit-application/schema';

/** A field of the credit application wizard, by its `name` attribute (the form's path). */
export const field = (page: Page, path: string) => page.locator(`[name="${path}"]`);

type Portador = ApplicationInput['portador'];

/**
 * The fictitious applicant of the end-to-end tests, as typed: one phone, one (mailing) address, no
 * additional card (src/test/sample-application.ts); the values the tests look for are stated.
 * CPF 062.473.119-74 has no analyses in the seed; the long name makes the suggested printed name
 * abbreviate (MARIA C S A LIMA).
 */
export const applicant: ApplicationInput = sampleApplication({
  codigodoproduto: '102',
  cartaodecredito: { diadovencimento: '10' },
  portador: {
    cpf: '06247311974',
    nome: 'Maria da Conceição Souza Albuquerque Lima',
    nomeimpresso: 'MARIA C S A LIMA',
    nomedamae: 'Ana Lúcia Souza',
    datadenascimento: '12/04/1988',
    sexo: 'FEMININO',
    estadocivil: 'CASADO',
    email: 'maria.souza@example.com',
    numerodaidentidade: '123456789',
    orgaoexpedidordaidentidade: 'SSP',
    unidadefederativadaidentidade: 'SP',
    datadeemissaodaidentidade: '30/06/2010',
    codigodaprofissao: '1',
    nomeempresa: 'Padaria Horizonte LTDA',
    valorrenda: '6.500,00',
    numerodaagencia: '1',
    numerodacontacorrente: '12345-6',
    telefones: [{ numerododdd: '11', numerodotelefone: '987654321' }],
    enderecos: [
      {
        cep: '04101000',
        logradouro: 'Rua Domingos de Morais',
        numero: '1200',
        bairro: 'Vila Mariana',
        cidade: 'São Paulo',
        uf: 'SP',
      },
    ],
  },
});

/** A CPF as its field shows it (062.473.119-74). */
export const maskedCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** Sets the field at `path` quickly (fill, not keystrokes): a native select by its option's value. */
async function setField(page: Page, path: string, value: string) {
  const input = field(page, path);
  if (await input.evaluate((element) => element instanceof HTMLSelectElement))
    await input.selectOption(value);
  else await input.fill(value);
}

/**
 * Fills the fields of `values` under `prefix` (`portador`, `portador.telefones.1`) in order, quickly. Filling
 * a field leaves the one before, as an operator does (leaving the name suggests the printed name); the
 * last one keeps the focus. For a test about particular fields; a whole step is `fillStep`'s.
 */
export async function fillFields(page: Page, prefix: string, values: Values) {
  for (const [key, value] of Object.entries(values)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (value === undefined) continue;
    if (typeof value === 'string') await setField(page, path, value);
    else await fillFields(page, path, value);
  }
}

interface Values {
  readonly [key: string]: string | undefined | Values;
}

/** Fills what an operator types on `step` (every field it needs, in order) with the applicant's values. */
export async function fillStep(page: Page, step: FormStepKey, values: ApplicationInput = applicant) {
  for (const { path, value } of typedValuesOf(step, values)) await setField(page, path, value);
}

/** From a signed-in screen: opens "Nova proposta" and waits for the provider's products (step 1). */
export async function openApplication(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  await expect(field(page, 'codigodoproduto')).toContainText('Cartão Gold');
}

/** "Continuar": the step shown is checked and, when it passes, the next one opens. */
export async function continueToNextStep(page: Page) {
  await page.getByRole('button', { name: 'Continuar' }).click();
}

type StepValues = Overrides<Portador>;

/** Step 1: product and due day. */
export async function fillProductStep(
  page: Page,
  values: Overrides<Pick<ApplicationInput, 'codigodoproduto' | 'cartaodecredito'>> = {},
) {
  await fillStep(page, 'product', withValues(values));
}

/** Step 2: personal data (the printed name is the one suggested). */
export async function fillPersonalStep(page: Page, values: StepValues = {}) {
  await fillStep(page, 'personal', withValues({ portador: values }));
}

/** Step 3: identity document. */
export async function fillDocumentStep(page: Page, values: StepValues = {}) {
  await fillStep(page, 'document', withValues({ portador: values }));
}

/** Step 4: occupation, employer, income and bank account. */
export async function fillIncomeStep(page: Page, values: StepValues = {}) {
  await fillStep(page, 'income', withValues({ portador: values }));
}

const withValues = (values: Overrides<ApplicationInput>) => overlay(applicant, values) as ApplicationInput;

/** Area codes that exist (not every number from 11 to 99 does), one per phone row. */
const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '91', '12'];

type Phone = Portador['telefones'][number];
type Address = Portador['enderecos'][number];

/**
 * Fills row `index` of `step`'s field array with `row`'s values for the fields an operator types
 * (the others keep what a new row holds), leaving out those at `except`.
 */
async function fillRow(
  page: Page,
  step: 'phones' | 'addresses',
  index: number,
  row: Phone | Address,
  except: readonly string[] = [],
) {
  const values: Readonly<Record<string, unknown>> = row;
  for (const path of typedPaths[step]) {
    const key = path.slice(path.lastIndexOf('.') + 1);
    const value = values[key];
    if (typeof value === 'string' && !except.includes(key))
      await setField(page, path.replace('.0.', `.${index}.`), value);
  }
}

/** Phone row `index`: the applicant's, then others with their own area code and number. */
export function phoneAt(index: number): Phone {
  const [first] = applicant.portador.telefones;
  if (!first) throw new Error('the applicant has a phone');
  return (
    applicant.portador.telefones[index] ?? {
      ...first,
      numerododdd: DDDS[index % DDDS.length] ?? '11',
      numerodotelefone: `9876543${String(index).padStart(2, '0')}`,
    }
  );
}

/** Fills phone row `index`, which must be open (the last one added). */
export async function fillPhone(page: Page, index: number, phone = phoneAt(index)) {
  await fillRow(page, 'phones', index, phone);
}

/** Step 5: `count` phones, each row added and filled in turn. */
export async function fillPhonesStep(page: Page, count = applicant.portador.telefones.length) {
  for (let index = 0; index < count; index += 1) {
    if (index > 0) await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await fillPhone(page, index);
  }
}

/** Address row `index`: the applicant's, then the same street with other numbers (not the mailing one). */
export function addressAt(index: number): Address {
  const [first] = applicant.portador.enderecos;
  if (!first) throw new Error('the applicant has an address');
  return (
    applicant.portador.enderecos[index] ?? {
      ...first,
      numero: String(Number(first.numero) + index),
      enderecocorrespondencia: false,
    }
  );
}

/** Fills address row `index`, which must be open (the last one added), but for the fields at `except`. */
export async function fillAddress(
  page: Page,
  index: number,
  address = addressAt(index),
  except: readonly string[] = [],
) {
  await fillRow(page, 'addresses', index, address, except);
}

/** Step 6: `count` addresses, each row added and filled in turn; the first stays the mailing one. */
export async function fillAddressesStep(page: Page, count = applicant.portador.enderecos.length) {
  for (let index = 0; index < count; index += 1) {
    if (index > 0) await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    await fillAddress(page, index);
  }
}

/** What a test changes of the applicant: any step's values, and how many phones and addresses. */
export interface ApplicantOverrides {
  product?: Overrides<Pick<ApplicationInput, 'codigodoproduto' | 'cartaodecredito'>>;
  personal?: StepValues;
  document?: StepValues;
  income?: StepValues;
  phones?: number;
  addresses?: number;
}

/** The steps that take input, in the wizard's order (step 7, additional cards, is left empty). */
const formSteps = [
  'product',
  'personal',
  'document',
  'income',
  'phones',
  'addresses',
  'additionalCards',
] as const;

/**
 * From step `from` (showing), fills it and every later step with the applicant (changed by `overrides`)
 * and continues up to the review ("Enviar proposta" visible).
 */
export async function fillToReview(
  page: Page,
  overrides: ApplicantOverrides = {},
  from: (typeof formSteps)[number] = 'product',
) {
  const fill = {
    product: () => fillProductStep(page, overrides.product),
    personal: () => fillPersonalStep(page, overrides.personal),
    document: () => fillDocumentStep(page, overrides.document),
    income: () => fillIncomeStep(page, overrides.income),
    phones: () => fillPhonesStep(page, overrides.phones),
    addresses: () => fillAddressesStep(page, overrides.addresses),
    additionalCards: () => Promise.resolve(), // none: each would be sent as `{}`
  } satisfies Record<(typeof formSteps)[number], () => Promise<void>>;
  for (const step of formSteps.slice(formSteps.indexOf(from))) {
    await fill[step]();
    await continueToNextStep(page);
  }
  await expect(page.getByRole('button', { name: 'Enviar proposta' })).toBeVisible();
}

/**
 * From a signed-in screen: opens "Nova proposta" and fills every step quickly with the applicant, changed
 * by `overrides` (another CPF, name, N phones, N addresses), up to the review.
 */
export async function fillCreditApplication(page: Page, overrides: ApplicantOverrides = {}) {
  await openApplication(page);
  await fillToReview(page, overrides);
}
