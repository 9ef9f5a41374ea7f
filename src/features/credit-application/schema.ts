import * as z from 'zod/mini';
import type { RuntimeConfig } from '@/config/config-schema';
import { isValidCep, isValidDdd, isValidPhoneNumber } from '@/lib/brazil';
import { isValidCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import {
  DUE_DAYS,
  UF_OPTIONS,
  branch,
  choice,
  code,
  date,
  digits,
  email,
  intChoice,
  issuedAfterBirth,
  mayBeEmpty,
  money,
  omittable,
  personName,
  printedName,
  printedNameFits,
  productCode,
  rows,
  streetNumber,
  streetNumberToContract,
  text,
  type Option,
  type RuleContext,
} from './rules';

/**
 * The credit application: one plain zod object per step, made of the rules in `rules.ts`, and the whole
 * application made of them. The input is what the operator typed (strings); the output is the body the
 * interface wants. The step components (steps/*.tsx) draw the same fields by their paths.
 */
/** The seven steps' schemas and the whole application's. */
export function createSchemas(ctx: RuleContext) {
  const product = {
    codigodoproduto: productCode(ctx),
    cartaodecredito: z.object({ diadovencimento: intChoice(DUE_DAYS, 'dueDay') }),
  };
  const personal = {
    cpf: digits((value) => (isValidCpf(value) ? null : 'cpf')),
    nome: personName(),
    nomedamae: personName(),
    datadenascimento: date(ctx, { adult: true }),
    sexo: choice(ctx.domains.sexo),
    estadocivil: choice(ctx.domains.estadocivil),
    email: email(),
    nomeimpresso: printedName(),
    siglanacionalidade: code(/^[A-Za-z]{3}$/, 'nationality'),
  };
  const document = {
    numerodaidentidade: code(/^(?=.{1,20}$)[0-9A-Za-z][0-9A-Za-z./ -]*$/, 'documentNumber'),
    unidadefederativadaidentidade: choice(UF_OPTIONS, 'uf'),
    datadeemissaodaidentidade: date(ctx, { notFuture: true }),
    orgaoexpedidordaidentidade: code(/^(?=.{1,20}$)[A-Za-z][A-Za-z/ -]*$/, 'issuer'),
  };
  const income = {
    codigodaprofissao: intChoice(
      ctx.domains.profissoes.map((entry) => ({ value: String(entry.code), label: entry.label })),
    ),
    // An applicant may have no employer: left out when blank only if config says the provider accepts it.
    nomeempresa: ctx.blankOptionalFields === 'omit' ? omittable(120) : text(120),
    valorrenda: money(ctx),
    numerodaagencia: branch(),
    numerodacontacorrente: code(/^\d{1,12}(?:-?[\dXx])?$/, 'account'),
  };
  const phone = z.object({
    numerododdd: digits((value) =>
      isValidDdd(onlyDigits(value)) && onlyDigits(value).length === 2 ? null : 'ddd',
    ),
    numerodotelefone: digits((value) => (isValidPhoneNumber(value) ? null : 'phone')),
    tipotelefone: choice(ctx.domains.tipotelefone),
  });
  const address = z.pipe(
    z.object({
      cep: digits((value) => (isValidCep(value) ? null : 'cep')),
      numero: streetNumber(ctx),
      complemento: mayBeEmpty(60),
      pontoreferencia: mayBeEmpty(120),
      logradouro: text(120),
      bairro: text(80),
      cidade: text(80),
      uf: choice(UF_OPTIONS, 'uf'),
      pais: text(60),
      tipoendereco: choice(ctx.domains.tipoendereco),
      enderecocorrespondencia: z.boolean(),
    }),
    // `numero` is an integer in the interface: "S/N" and "1000A" go on in `complemento`.
    z.transform((row) => ({ ...row, ...streetNumberToContract(row.numero, row.complemento) })),
  );
  const card = z.object(Object.fromEntries(ctx.additionalCardFields.map((field) => [field, text(120)])));
  const lists = {
    telefones: rows(phone, 1, 10),
    enderecos: rows(address, 1, 10).check(
      z.superRefine((list: Array<{ enderecocorrespondencia: boolean }>, context) => {
        if (list.length > 0 && list.filter((row) => row.enderecocorrespondencia).length !== 1)
          context.addIssue({ code: 'custom', message: 'mailingExactlyOne', input: list });
      }),
    ),
    cartoesadicionais: rows(card, 0, 5),
  };
  const fitsCard = printedNameFits(ctx.printedNameMaxLength);
  const steps = {
    product: z.object(product),
    personal: z.object({ portador: z.object(personal) }).check(fitsCard),
    // The birth date (step 2) rides along for the one check across steps.
    document: z
      .object({ portador: z.object({ ...document, datadenascimento: z.string() }) })
      .check(issuedAfterBirth),
    income: z.object({ portador: z.object(income) }),
    phones: z.object({ portador: z.object({ telefones: lists.telefones }) }),
    addresses: z.object({ portador: z.object({ enderecos: lists.enderecos }) }),
    additionalCards: z.object({ portador: z.object({ cartoesadicionais: lists.cartoesadicionais }) }),
  };
  const application = z
    .object({ ...product, portador: z.object({ ...personal, ...document, ...income, ...lists }) })
    .check(fitsCard, issuedAfterBirth);
  return { steps, application };
}

export type Schemas = ReturnType<typeof createSchemas>;
/** The form's values as typed (strings), under the request body's paths. */
export type ApplicationInput = z.input<Schemas['application']>;
/** The parsed form: digits, ISO dates, integers; what `toCreditApplicationRequest` sends. */
export type ApplicationOutput = z.output<Schemas['application']>;
type Portador = ApplicationInput['portador'];
export type PhoneInput = Portador['telefones'][number];
export type AddressInput = Portador['enderecos'][number];

/** The wizard's steps in order: `slug` is the last path segment, `/proposta/nova/<slug>`. */
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
export const FIRST_SLUG: StepSlug = 'produto';
export const REVIEW_SLUG: StepSlug = 'revisao';
export const stepIndexOf = (slug: string | undefined) => stepOrder.findIndex((step) => step.slug === slug);

/** The step whose schema holds the field at `path` (`portador.enderecos.1.cep` → addresses). */
export function stepOfPath(schemas: Schemas, path: string) {
  const [root = '', key = ''] = path.split('.');
  return stepOrder.find(({ key: step }) => {
    if (step === 'review') return false;
    const shape = schemas.steps[step].shape;
    return root === 'portador' && 'portador' in shape ? key in shape.portador.shape : root in shape;
  });
}

/** The first option no row has yet: a second phone is a home one, a second address a work one. */
const firstUnused = (options: readonly Option[], taken: readonly string[]) =>
  (options.find((option) => !taken.includes(option.value)) ?? options[0])?.value ?? '';

/** A new phone after `rows`: of a type no other phone has (a mobile first), shown for the operator to confirm. */
export const blankPhone = (domains: RuntimeConfig['domains'], rows: readonly PhoneInput[]): PhoneInput => ({
  numerododdd: '',
  numerodotelefone: '',
  tipotelefone: firstUnused(
    domains.tipotelefone,
    rows.map((row) => row.tipotelefone),
  ),
});

/** A new address in Brazil after `rows`, of a type no other has (home first); the first is the mailing one. */
export const blankAddress = (
  domains: RuntimeConfig['domains'],
  rows: readonly AddressInput[],
): AddressInput => ({
  cep: '',
  numero: '',
  complemento: '',
  pontoreferencia: '',
  logradouro: '',
  bairro: '',
  cidade: '',
  uf: '',
  pais: 'Brasil',
  tipoendereco: firstUnused(
    domains.tipoendereco,
    rows.map((row) => row.tipoendereco),
  ),
  enderecocorrespondencia: rows.length === 0,
});

/** A blank application: one empty phone, one empty (mailing) address, no additional card. */
export const blankApplication = (ctx: RuleContext): ApplicationInput => ({
  codigodoproduto: '',
  cartaodecredito: { diadovencimento: '' },
  portador: {
    cpf: '',
    nome: '',
    nomeimpresso: '',
    nomedamae: '',
    datadenascimento: '',
    sexo: '',
    estadocivil: '',
    email: '',
    siglanacionalidade: 'BRA',
    numerodaidentidade: '',
    unidadefederativadaidentidade: '',
    datadeemissaodaidentidade: '',
    // The issuer of most identity cards, last on its step for the operator to confirm or change.
    orgaoexpedidordaidentidade: 'SSP',
    codigodaprofissao: '',
    nomeempresa: '',
    valorrenda: '',
    numerodaagencia: '',
    numerodacontacorrente: '',
    telefones: [blankPhone(ctx.domains, [])],
    enderecos: [blankAddress(ctx.domains, [])],
    cartoesadicionais: [],
  },
});
