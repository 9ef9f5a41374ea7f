import * as z from 'zod/mini';

/**
 * The credit analysis request body (section 2.2). These schemas describe the *shape* the interface gives;
 * the Brazilian business rules (CPF check digits, CEP, adult birth date...) belong to the form layer, which
 * refines them. The sandbox validates incoming bodies with these same schemas.
 */
const digits = (length: number) =>
  z.string().check(z.regex(new RegExp(`^\\d{${length}}$`), `${length} dígitos`));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'data AAAA-MM-DD'));
const uf = z.string().check(z.regex(/^[A-Z]{2}$/, 'UF de duas letras'));

export const telefoneSchema = z.looseObject({
  tipotelefone: z.string(),
  numerododdd: z.string(),
  numerodotelefone: z.string(),
});
export type Telefone = z.infer<typeof telefoneSchema>;

export const enderecoSchema = z.looseObject({
  bairro: z.string(),
  cep: digits(8),
  cidade: z.string(),
  enderecocorrespondencia: z.boolean(),
  logradouro: z.string(),
  numero: z.int(),
  pais: z.string(),
  tipoendereco: z.string(),
  uf,
  complemento: z.string(),
  pontoreferencia: z.string(),
});
export type Endereco = z.infer<typeof enderecoSchema>;

/** Fields of an additional card are not shown by the interface: any object, `{}` included. */
export const cartaoAdicionalSchema = z.looseObject({});

export const portadorSchema = z.looseObject({
  nome: z.string(),
  nomeimpresso: z.string(),
  nomedamae: z.string(),
  datadenascimento: isoDate,
  sexo: z.string(),
  cpf: digits(11),
  numerodaidentidade: z.string(),
  orgaoexpedidordaidentidade: z.string(),
  unidadefederativadaidentidade: uf,
  datadeemissaodaidentidade: isoDate,
  estadocivil: z.string(),
  codigodaprofissao: z.int(),
  siglanacionalidade: z.string().check(z.regex(/^[A-Z]{3}$/, 'sigla de três letras')),
  numerodaagencia: z.int(),
  numerodacontacorrente: z.string(),
  email: z.string(),
  // Left out when blank and config `blankOptionalFields: "omit"` says the provider accepts that.
  nomeempresa: z.optional(z.string()),
  valorrenda: z.int(),
  telefones: z.array(telefoneSchema),
  enderecos: z.array(enderecoSchema),
  cartoesadicionais: z.array(cartaoAdicionalSchema),
});
export type Portador = z.infer<typeof portadorSchema>;

/** Body of POST {base_url}/v1/request/credit/ (section 4.2). */
export const creditApplicationRequestSchema = z.looseObject({
  portador: portadorSchema,
  cartaodecredito: z.looseObject({
    diadovencimento: z.int(),
  }),
  codigodoproduto: z.int(),
});
export type CreditApplicationRequest = z.infer<typeof creditApplicationRequestSchema>;

/**
 * The response body of the credit request is not shown by the interface: any JSON value, or nothing.
 * The app shows whatever came back.
 */
export const creditApplicationResponseSchema = z.unknown();
export type CreditApplicationResponse = z.infer<typeof creditApplicationResponseSchema>;
