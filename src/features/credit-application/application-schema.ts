import * as z from 'zod/mini';
import type { RuntimeConfig } from '@/config/config-schema';
import { isValidCep, isValidDdd, isValidPhoneNumber, isValidUf } from '@/lib/brazil';
import { isValidCpf } from '@/lib/cpf';
import { ageOn, calendarDateOf, compareDates, parseBrDate } from '@/lib/dates';
import { parseMoneyInput } from '@/lib/money';
import { isValidPrintedName } from '@/lib/printed-name';
import { MAX_ADDITIONAL_CARDS, MAX_ADDRESSES, MAX_PHONES, type ApplicationFormValues } from './form-values';

/** Why a value is refused; each code has a message in texts.ts (`errors.<code>`). */
export type ErrorCode =
  | 'required'
  | 'choose'
  | 'cpf'
  | 'personName'
  | 'tooLong'
  | 'printedName'
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
  | 'account'
  | 'ddd'
  | 'phone'
  | 'cep'
  | 'streetNumber'
  | 'mailingExactlyOne'
  | 'product'
  | 'dueDay'
  | 'tooMany';

export interface Issue {
  path: string;
  code: ErrorCode;
}

export interface RuleContext {
  domains: RuntimeConfig['domains'];
  printedNameMaxLength: number;
  moneyUnit: RuntimeConfig['moneyUnit'];
  additionalCardFields: readonly string[];
  /** Product codes the provider listed, when known; otherwise any positive integer passes. */
  productCodes: readonly string[] | null;
  /** Today, for age and "not in the future" (injected for tests). */
  now: () => Date;
}

const MAX_NAME = 120;
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '.-]+[\p{L}\p{M}]+)*\.?$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const blank = (value: string) => value.trim() === '';

function personName(value: string): ErrorCode | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > MAX_NAME) return 'tooLong';
  return PERSON_NAME.test(trimmed) ? null : 'personName';
}

function text(value: string, max: number, optional = false): ErrorCode | null {
  if (blank(value)) return optional ? null : 'required';
  return value.trim().length > max ? 'tooLong' : null;
}

function oneOf(value: string, allowed: readonly string[]): ErrorCode | null {
  if (blank(value)) return 'choose';
  return allowed.includes(value) ? null : 'choose';
}

/**
 * Every problem of an application, each at its field's path. Pure and total (never throws); the form's
 * zod schema runs it, the wizard's "Continuar" asks it only about the current step's fields.
 */
export function applicationIssues(values: ApplicationFormValues, rules: RuleContext): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, code: ErrorCode | null) => {
    if (code) issues.push({ path, code });
  };
  const { portador } = values;
  const today = calendarDateOf(rules.now());

  const product = values.codigodoproduto.trim();
  if (product === '') add('codigodoproduto', 'choose');
  else if (!/^\d{1,9}$/.test(product) || (rules.productCodes && !rules.productCodes.includes(product)))
    add('codigodoproduto', 'product');
  const dueDay = values.cartaodecredito.diadovencimento;
  if (blank(dueDay)) add('cartaodecredito.diadovencimento', 'choose');
  else if (!/^\d{1,2}$/.test(dueDay) || Number(dueDay) < 1 || Number(dueDay) > 31)
    add('cartaodecredito.diadovencimento', 'dueDay');

  add('portador.cpf', blank(portador.cpf) ? 'required' : isValidCpf(portador.cpf) ? null : 'cpf');
  add('portador.nome', personName(portador.nome));
  add(
    'portador.nomeimpresso',
    blank(portador.nomeimpresso)
      ? 'required'
      : isValidPrintedName(portador.nomeimpresso, rules.printedNameMaxLength)
        ? null
        : 'printedName',
  );
  add('portador.nomedamae', personName(portador.nomedamae));

  const birth = parseBrDate(portador.datadenascimento);
  if (blank(portador.datadenascimento)) add('portador.datadenascimento', 'required');
  else if (!birth || compareDates(birth, today) > 0) add('portador.datadenascimento', 'date');
  else if (ageOn(birth, today) < 18) add('portador.datadenascimento', 'adult');
  else if (ageOn(birth, today) > 130) add('portador.datadenascimento', 'tooOld');

  add(
    'portador.sexo',
    oneOf(
      portador.sexo,
      rules.domains.sexo.map((entry) => entry.value),
    ),
  );
  add(
    'portador.estadocivil',
    oneOf(
      portador.estadocivil,
      rules.domains.estadocivil.map((entry) => entry.value),
    ),
  );
  add(
    'portador.siglanacionalidade',
    blank(portador.siglanacionalidade)
      ? 'required'
      : /^[A-Za-z]{3}$/.test(portador.siglanacionalidade.trim())
        ? null
        : 'nationality',
  );
  const email = portador.email.trim();
  add(
    'portador.email',
    email === '' ? 'required' : email.length <= 254 && EMAIL.test(email) ? null : 'email',
  );

  const documentNumber = portador.numerodaidentidade.trim();
  add(
    'portador.numerodaidentidade',
    documentNumber === ''
      ? 'required'
      : documentNumber.length <= 20 && /^[0-9A-Za-z][0-9A-Za-z./ -]*$/.test(documentNumber)
        ? null
        : 'documentNumber',
  );
  const issuer = portador.orgaoexpedidordaidentidade.trim();
  add(
    'portador.orgaoexpedidordaidentidade',
    issuer === ''
      ? 'required'
      : issuer.length <= 20 && /^[A-Za-z][A-Za-z/ -]*$/.test(issuer)
        ? null
        : 'issuer',
  );
  add(
    'portador.unidadefederativadaidentidade',
    blank(portador.unidadefederativadaidentidade)
      ? 'choose'
      : isValidUf(portador.unidadefederativadaidentidade)
        ? null
        : 'uf',
  );
  const issued = parseBrDate(portador.datadeemissaodaidentidade);
  if (blank(portador.datadeemissaodaidentidade)) add('portador.datadeemissaodaidentidade', 'required');
  else if (!issued) add('portador.datadeemissaodaidentidade', 'date');
  else if (compareDates(issued, today) > 0) add('portador.datadeemissaodaidentidade', 'issuedInFuture');
  else if (birth && compareDates(issued, birth) < 0)
    add('portador.datadeemissaodaidentidade', 'issuedBeforeBirth');

  add(
    'portador.codigodaprofissao',
    oneOf(
      portador.codigodaprofissao,
      rules.domains.profissoes.map((entry) => String(entry.code)),
    ),
  );
  add('portador.nomeempresa', text(portador.nomeempresa, MAX_NAME, true));
  if (blank(portador.valorrenda)) add('portador.valorrenda', 'required');
  else {
    const cents = parseMoneyInput(portador.valorrenda);
    if (cents === null) add('portador.valorrenda', 'money');
    else if (rules.moneyUnit === 'reais' && cents % 100 !== 0) add('portador.valorrenda', 'moneyWholeReais');
  }
  const branch = portador.numerodaagencia.trim();
  add('portador.numerodaagencia', branch === '' ? 'required' : /^\d{1,5}$/.test(branch) ? null : 'branch');
  const account = portador.numerodacontacorrente.trim();
  add(
    'portador.numerodacontacorrente',
    account === '' ? 'required' : /^\d{1,12}(?:-?[\dXx])?$/.test(account) ? null : 'account',
  );

  const phoneTypes = rules.domains.tipotelefone.map((entry) => entry.value);
  if (portador.telefones.length === 0) add('portador.telefones', 'required');
  if (portador.telefones.length > MAX_PHONES) add('portador.telefones', 'tooMany');
  portador.telefones.forEach((phone, index) => {
    const at = `portador.telefones.${index}`;
    add(`${at}.tipotelefone`, oneOf(phone.tipotelefone, phoneTypes));
    add(
      `${at}.numerododdd`,
      blank(phone.numerododdd) ? 'required' : isValidDdd(phone.numerododdd) ? null : 'ddd',
    );
    add(
      `${at}.numerodotelefone`,
      blank(phone.numerodotelefone)
        ? 'required'
        : isValidPhoneNumber(phone.numerodotelefone)
          ? null
          : 'phone',
    );
  });

  const addressTypes = rules.domains.tipoendereco.map((entry) => entry.value);
  if (portador.enderecos.length === 0) add('portador.enderecos', 'required');
  else if (portador.enderecos.filter((address) => address.enderecocorrespondencia).length !== 1)
    add('portador.enderecos', 'mailingExactlyOne');
  if (portador.enderecos.length > MAX_ADDRESSES) add('portador.enderecos', 'tooMany');
  portador.enderecos.forEach((address, index) => {
    const at = `portador.enderecos.${index}`;
    add(`${at}.cep`, blank(address.cep) ? 'required' : isValidCep(address.cep) ? null : 'cep');
    add(`${at}.logradouro`, text(address.logradouro, MAX_NAME));
    add(
      `${at}.numero`,
      blank(address.numero) ? 'required' : /^\d{1,6}$/.test(address.numero.trim()) ? null : 'streetNumber',
    );
    add(`${at}.complemento`, text(address.complemento, 60, true));
    add(`${at}.bairro`, text(address.bairro, 80));
    add(`${at}.cidade`, text(address.cidade, 80));
    add(`${at}.uf`, blank(address.uf) ? 'choose' : isValidUf(address.uf) ? null : 'uf');
    add(`${at}.pais`, text(address.pais, 60));
    add(`${at}.tipoendereco`, oneOf(address.tipoendereco, addressTypes));
    add(`${at}.pontoreferencia`, text(address.pontoreferencia, MAX_NAME, true));
  });

  if (portador.cartoesadicionais.length > MAX_ADDITIONAL_CARDS) add('portador.cartoesadicionais', 'tooMany');
  portador.cartoesadicionais.forEach((card, index) => {
    for (const field of rules.additionalCardFields) {
      add(`portador.cartoesadicionais.${index}.${field}`, text(card[field] ?? '', MAX_NAME));
    }
  });
  return issues;
}

const str = z.string();
const telefone = z.object({ tipotelefone: str, numerododdd: str, numerodotelefone: str });
const endereco = z.object({
  bairro: str,
  cep: str,
  cidade: str,
  enderecocorrespondencia: z.boolean(),
  logradouro: str,
  numero: str,
  pais: str,
  tipoendereco: str,
  uf: str,
  complemento: str,
  pontoreferencia: str,
});

/** The form's shape (every value as typed). */
export const applicationFormShape = z.object({
  codigodoproduto: str,
  cartaodecredito: z.object({ diadovencimento: str }),
  portador: z.object({
    nome: str,
    nomeimpresso: str,
    nomedamae: str,
    datadenascimento: str,
    sexo: str,
    cpf: str,
    numerodaidentidade: str,
    orgaoexpedidordaidentidade: str,
    unidadefederativadaidentidade: str,
    datadeemissaodaidentidade: str,
    estadocivil: str,
    codigodaprofissao: str,
    siglanacionalidade: str,
    numerodaagencia: str,
    numerodacontacorrente: str,
    email: str,
    nomeempresa: str,
    valorrenda: str,
    telefones: z.array(telefone),
    enderecos: z.array(endereco),
    cartoesadicionais: z.array(z.record(z.string(), z.string())),
  }),
});

/**
 * The form's zod schema: the shape, then the Brazilian rules of `applicationIssues`, each issue at its
 * field's path with its `ErrorCode` as the message. Used with @hookform/resolvers' zodResolver, which
 * works with `zod/mini` schemas (it calls the schema's own `parseAsync`).
 */
export function createApplicationSchema(rules: RuleContext) {
  return applicationFormShape.check(
    z.superRefine((values, context) => {
      for (const issue of applicationIssues(values, rules)) {
        context.addIssue({
          code: 'custom',
          message: issue.code,
          path: issue.path.split('.').map(segment),
          input: values,
        });
      }
    }),
  );
}

function segment(part: string): string | number {
  return /^\d+$/.test(part) ? Number(part) : part;
}
