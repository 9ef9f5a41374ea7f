import { expect, type Page } from '@playwright/test';
import type * as z from 'zod/mini';
import type { addressesStep } from '../src/features/credit-application/steps/addresses';
import type { documentStep } from '../src/features/credit-application/steps/document';
import type { incomeStep } from '../src/features/credit-application/steps/income';
import type { personalStep } from '../src/features/credit-application/steps/personal';
import type { phonesStep } from '../src/features/credit-application/steps/phones';
import type { productStep } from '../src/features/credit-application/steps/product';

/** A field of the credit application wizard, by its `name` attribute (the form's path). */
export const field = (page: Page, path: string) => page.locator(`[name="${path}"]`);

/** What a step's schema takes as typed (strings), under the form's paths. */
type Typed<Step extends (...args: never[]) => z.ZodMiniType> = z.input<ReturnType<Step>>;
type Phone = Typed<typeof phonesStep>['portador']['telefones'][number];
type Address = Typed<typeof addressesStep>['portador']['enderecos'][number];

/**
 * The values an operator types, per step. Typed from the step schemas, so that a field added to a step
 * is a type error here until the applicant has a value for it; left out are only the fields the wizard
 * fills by itself (the suggested printed name, and the initial values: nationality, phone and address
 * types, country, the mailing flag) and the optional ones.
 */
export interface Applicant {
  product: Typed<typeof productStep>;
  personal: Omit<Typed<typeof personalStep>['portador'], 'nomeimpresso' | 'siglanacionalidade'>;
  document: Typed<typeof documentStep>['portador'];
  income: Typed<typeof incomeStep>['portador'];
  phones: ReadonlyArray<Omit<Phone, 'tipotelefone'>>;
  addresses: ReadonlyArray<
    Omit<Address, 'complemento' | 'pais' | 'tipoendereco' | 'pontoreferencia' | 'enderecocorrespondencia'>
  >;
}

/**
 * The fictitious applicant of the end-to-end tests: one phone, one (mailing) address, no additional
 * card. CPF 062.473.119-74 has no analyses in the seed; the long name makes the suggested printed name
 * abbreviate (MARIA C S A LIMA).
 */
export const applicant: Applicant = {
  product: { codigodoproduto: '102', cartaodecredito: { diadovencimento: '10' } },
  personal: {
    cpf: '06247311974',
    nome: 'Maria da Conceição Souza Albuquerque Lima',
    nomedamae: 'Ana Lúcia Souza',
    datadenascimento: '12/04/1988',
    sexo: 'FEMININO',
    estadocivil: 'CASADO',
    email: 'maria.souza@example.com',
  },
  document: {
    numerodaidentidade: '123456789',
    orgaoexpedidordaidentidade: 'SSP',
    unidadefederativadaidentidade: 'SP',
    datadeemissaodaidentidade: '30/06/2010',
  },
  income: {
    codigodaprofissao: '1',
    nomeempresa: 'Padaria Horizonte LTDA',
    valorrenda: '6.500,00',
    numerodaagencia: '1',
    numerodacontacorrente: '12345-6',
  },
  phones: [{ numerododdd: '11', numerodotelefone: '987654321' }],
  addresses: [
    {
      cep: '04101000',
      logradouro: 'Rua Domingos de Morais',
      numero: '1200',
      bairro: 'Vila Mariana',
      cidade: 'São Paulo',
      uf: 'SP',
    },
  ],
};

/** A CPF as its field shows it (062.473.119-74). */
export const maskedCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

interface Values {
  readonly [key: string]: string | undefined | Values;
}

/**
 * Fills the fields of `values` under `prefix` (`portador`, `portador.telefones.1`) in order, quickly (fill,
 * not keystrokes): a native select by its option's value, any other input by its text. Filling a field
 * leaves the one before, as an operator does (leaving the name suggests the printed name); the last one
 * keeps the focus.
 */
export async function fillFields(page: Page, prefix: string, values: Values) {
  for (const [key, value] of Object.entries(values)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      await fillFields(page, path, value);
      continue;
    }
    const input = field(page, path);
    if (await input.evaluate((element) => element instanceof HTMLSelectElement))
      await input.selectOption(value);
    else await input.fill(value);
  }
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

/** Step 1: product and due day. */
export async function fillProductStep(page: Page, values: Partial<Applicant['product']> = {}) {
  await fillFields(page, '', { ...applicant.product, ...values });
}

/** Step 2: personal data (the printed name is the one suggested). */
export async function fillPersonalStep(page: Page, values: Partial<Applicant['personal']> = {}) {
  await fillFields(page, 'portador', { ...applicant.personal, ...values });
}

/** Step 3: identity document. */
export async function fillDocumentStep(page: Page, values: Partial<Applicant['document']> = {}) {
  await fillFields(page, 'portador', { ...applicant.document, ...values });
}

/** Step 4: occupation, employer, income and bank account. */
export async function fillIncomeStep(page: Page, values: Partial<Applicant['income']> = {}) {
  await fillFields(page, 'portador', { ...applicant.income, ...values });
}

/** Area codes that exist (not every number from 11 to 99 does), one per phone row. */
const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '91', '12'];

/** Phone row `index`: the applicant's, then others with their own area code and number. */
export function phoneAt(index: number): Applicant['phones'][number] {
  return (
    applicant.phones[index] ?? {
      numerododdd: DDDS[index % DDDS.length] ?? '11',
      numerodotelefone: `9876543${String(index).padStart(2, '0')}`,
    }
  );
}

/** Fills phone row `index`, which must be open (the last one added). */
export async function fillPhone(page: Page, index: number, phone = phoneAt(index)) {
  await fillFields(page, `portador.telefones.${index}`, phone);
}

/** Step 5: `count` phones, each row added and filled in turn. */
export async function fillPhonesStep(page: Page, count = applicant.phones.length) {
  for (let index = 0; index < count; index += 1) {
    if (index > 0) await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await fillPhone(page, index);
  }
}

/** Address row `index`: the applicant's, then the same street with other numbers. */
export function addressAt(index: number): Applicant['addresses'][number] {
  const [first] = applicant.addresses;
  if (!first) throw new Error('the applicant has an address');
  return applicant.addresses[index] ?? { ...first, numero: String(Number(first.numero) + index) };
}

/** Fills address row `index`, which must be open (the last one added). */
export async function fillAddress(page: Page, index: number, address = addressAt(index)) {
  await fillFields(page, `portador.enderecos.${index}`, address);
}

/** Step 6: `count` addresses, each row added and filled in turn; the first stays the mailing one. */
export async function fillAddressesStep(page: Page, count = applicant.addresses.length) {
  for (let index = 0; index < count; index += 1) {
    if (index > 0) await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    await fillAddress(page, index);
  }
}

/** What a test changes of the applicant: any step's values, and how many phones and addresses. */
export interface ApplicantOverrides {
  product?: Partial<Applicant['product']>;
  personal?: Partial<Applicant['personal']>;
  document?: Partial<Applicant['document']>;
  income?: Partial<Applicant['income']>;
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
