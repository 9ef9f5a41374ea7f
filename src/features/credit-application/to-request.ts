import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import type { RuntimeConfig } from '@/config/config-schema';
import { onlyDigits } from '@/lib/brazil';
import { parseBrDate, toIsoDate } from '@/lib/dates';
import { parseMoneyInput } from '@/lib/money';
import type { ApplicationFormValues } from './form-values';

const isoFromBr = (value: string) => {
  const date = parseBrDate(value);
  return date ? toIsoDate(date) : '';
};
const toInt = (value: string) => Number.parseInt(onlyDigits(value) || '0', 10);
const clean = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * The request body (section 2.2) for a *valid* form: digits only for CPF, CEP and phones, ISO dates,
 * integers where the interface says integer, income in the configured unit. Fields the interface lists
 * are all sent, optional ones as "" (complemento, pontoreferencia, nomeempresa).
 */
export function toCreditApplicationRequest(
  values: ApplicationFormValues,
  config: Pick<RuntimeConfig, 'moneyUnit' | 'additionalCardFields'>,
): CreditApplicationRequest {
  const { portador } = values;
  const cents = parseMoneyInput(portador.valorrenda) ?? 0;
  return {
    portador: {
      nome: clean(portador.nome),
      nomeimpresso: clean(portador.nomeimpresso),
      nomedamae: clean(portador.nomedamae),
      datadenascimento: isoFromBr(portador.datadenascimento),
      sexo: portador.sexo,
      cpf: onlyDigits(portador.cpf),
      numerodaidentidade: clean(portador.numerodaidentidade),
      orgaoexpedidordaidentidade: clean(portador.orgaoexpedidordaidentidade).toUpperCase(),
      unidadefederativadaidentidade: portador.unidadefederativadaidentidade,
      datadeemissaodaidentidade: isoFromBr(portador.datadeemissaodaidentidade),
      estadocivil: portador.estadocivil,
      codigodaprofissao: toInt(portador.codigodaprofissao),
      siglanacionalidade: portador.siglanacionalidade.trim().toUpperCase(),
      numerodaagencia: toInt(portador.numerodaagencia),
      numerodacontacorrente: portador.numerodacontacorrente.trim(),
      email: portador.email.trim(),
      nomeempresa: clean(portador.nomeempresa),
      valorrenda: config.moneyUnit === 'centavos' ? cents : Math.round(cents / 100),
      telefones: portador.telefones.map((phone) => ({
        tipotelefone: phone.tipotelefone,
        numerododdd: onlyDigits(phone.numerododdd),
        numerodotelefone: onlyDigits(phone.numerodotelefone),
      })),
      enderecos: portador.enderecos.map((address) => ({
        bairro: clean(address.bairro),
        cep: onlyDigits(address.cep),
        cidade: clean(address.cidade),
        enderecocorrespondencia: address.enderecocorrespondencia,
        logradouro: clean(address.logradouro),
        numero: toInt(address.numero),
        pais: clean(address.pais),
        tipoendereco: address.tipoendereco,
        uf: address.uf,
        complemento: clean(address.complemento),
        pontoreferencia: clean(address.pontoreferencia),
      })),
      cartoesadicionais: portador.cartoesadicionais.map((card) =>
        Object.fromEntries(config.additionalCardFields.map((field) => [field, clean(card[field] ?? '')])),
      ),
    },
    cartaodecredito: { diadovencimento: toInt(values.cartaodecredito.diadovencimento) },
    codigodoproduto: toInt(values.codigodoproduto),
  };
}
