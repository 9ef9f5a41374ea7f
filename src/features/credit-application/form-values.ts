import type { RuntimeConfig } from '@/config/config-schema';

/**
 * What the wizard's one form holds: every value as the operator typed it (masked text, strings for
 * numbers), under the same paths as the request body, so each input's `name` is its path in the body
 * (`portador.telefones.0.numerododdd`). `to-request.ts` turns these into the body.
 */
export interface TelefoneValues {
  tipotelefone: string;
  numerododdd: string;
  numerodotelefone: string;
}

export interface EnderecoValues {
  bairro: string;
  cep: string;
  cidade: string;
  enderecocorrespondencia: boolean;
  logradouro: string;
  numero: string;
  pais: string;
  tipoendereco: string;
  uf: string;
  complemento: string;
  pontoreferencia: string;
}

/** Config `additionalCardFields` names the fields; with none, an entry is sent as `{}`. */
export type CartaoAdicionalValues = Record<string, string>;

export interface ApplicationFormValues {
  codigodoproduto: string;
  cartaodecredito: { diadovencimento: string };
  portador: {
    nome: string;
    nomeimpresso: string;
    nomedamae: string;
    datadenascimento: string;
    sexo: string;
    cpf: string;
    numerodaidentidade: string;
    orgaoexpedidordaidentidade: string;
    unidadefederativadaidentidade: string;
    datadeemissaodaidentidade: string;
    estadocivil: string;
    codigodaprofissao: string;
    siglanacionalidade: string;
    numerodaagencia: string;
    numerodacontacorrente: string;
    email: string;
    nomeempresa: string;
    valorrenda: string;
    telefones: TelefoneValues[];
    enderecos: EnderecoValues[];
    cartoesadicionais: CartaoAdicionalValues[];
  };
}

export const MAX_PHONES = 10;
export const MAX_ADDRESSES = 10;
export const MAX_ADDITIONAL_CARDS = 5;
/** The bill due days offered (the interface gives no list; these are the usual ones). */
export const DUE_DAYS = [1, 5, 10, 15, 20, 25] as const;

type Domains = RuntimeConfig['domains'];

export function emptyPhone(domains: Domains): TelefoneValues {
  return { tipotelefone: domains.tipotelefone[0]?.value ?? '', numerododdd: '', numerodotelefone: '' };
}

export function emptyAddress(domains: Domains, mailing: boolean): EnderecoValues {
  return {
    bairro: '',
    cep: '',
    cidade: '',
    enderecocorrespondencia: mailing,
    logradouro: '',
    numero: '',
    pais: 'Brasil',
    tipoendereco: domains.tipoendereco[0]?.value ?? '',
    uf: '',
    complemento: '',
    pontoreferencia: '',
  };
}

export function emptyAdditionalCard(fields: readonly string[]): CartaoAdicionalValues {
  return Object.fromEntries(fields.map((field) => [field, '']));
}

/** A blank application: one empty phone, one empty (mailing) address, no additional card. */
export function emptyApplication(config: Pick<RuntimeConfig, 'domains'>): ApplicationFormValues {
  return {
    codigodoproduto: '',
    cartaodecredito: { diadovencimento: '' },
    portador: {
      nome: '',
      nomeimpresso: '',
      nomedamae: '',
      datadenascimento: '',
      sexo: '',
      cpf: '',
      numerodaidentidade: '',
      orgaoexpedidordaidentidade: '',
      unidadefederativadaidentidade: '',
      datadeemissaodaidentidade: '',
      estadocivil: '',
      codigodaprofissao: '',
      siglanacionalidade: 'BRA',
      numerodaagencia: '',
      numerodacontacorrente: '',
      email: '',
      nomeempresa: '',
      valorrenda: '',
      telefones: [emptyPhone(config.domains)],
      enderecos: [emptyAddress(config.domains, true)],
      cartoesadicionais: [],
    },
  };
}
