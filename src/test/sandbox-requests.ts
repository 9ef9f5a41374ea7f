import * as z from 'zod/mini';
import {
  creditApplicationRequestSchema,
  type CreditApplicationRequest,
} from '@/api/schemas/credit-application';
import { overlay, type Overrides } from './overlay';
import { seededCpfs } from '@/sandbox/seed';

/**
 * A credit application the sandbox accepts, for tests (Vitest and Playwright) that need one. Pass a CPF
 * from `seededCpfs` to predict the decision. Fictitious person. Made from the contract's schema: the
 * values stated below, and for any other field an example of its type (the one its schema registers in
 * `z.globalRegistry` as `examples`, if its format needs one), so a field added to the contract is filled
 * without a change here.
 */
export function buildCreditApplication(cpf: string = seededCpfs.freshApproves): CreditApplicationRequest {
  const stated: Overrides<CreditApplicationRequest> = {
    portador: {
      nome: 'Maria da Conceição Souza',
      nomeimpresso: 'MARIA C SOUZA',
      nomedamae: 'Ana Lúcia Souza',
      datadenascimento: '1988-04-12',
      sexo: 'FEMININO',
      cpf,
      numerodaidentidade: '123456789',
      orgaoexpedidordaidentidade: 'SSP',
      unidadefederativadaidentidade: 'SP',
      datadeemissaodaidentidade: '2010-06-30',
      estadocivil: 'CASADO',
      codigodaprofissao: 1,
      siglanacionalidade: 'BRA',
      numerodaagencia: 1,
      numerodacontacorrente: '12345-6',
      email: 'maria.souza@example.com',
      nomeempresa: 'Padaria Horizonte LTDA',
      valorrenda: 650_000,
      telefones: [{ tipotelefone: 'CELULAR', numerododdd: '11', numerodotelefone: '987654321' }],
      enderecos: [
        {
          bairro: 'Vila Mariana',
          cep: '04101000',
          cidade: 'São Paulo',
          enderecocorrespondencia: true,
          logradouro: 'Rua Domingos de Morais',
          numero: 1200,
          pais: 'Brasil',
          tipoendereco: 'RESIDENCIAL',
          uf: 'SP',
          complemento: 'Apto 42',
          pontoreferencia: '',
        },
      ],
      cartoesadicionais: [{}],
    },
    cartaodecredito: { diadovencimento: 10 },
    codigodoproduto: 102,
  };
  return creditApplicationRequestSchema.parse(overlay(exampleOf(creditApplicationRequestSchema), stated));
}

/** A value of `schema`'s type: its registered example, or a stand-in (text, 1, false, one row). */
function exampleOf(schema: z.core.$ZodType): unknown {
  const registered = z.globalRegistry.get(schema)?.examples;
  if (Array.isArray(registered) && registered.length > 0) return registered[0];
  if (schema instanceof z.ZodMiniObject)
    return Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, exampleOf(field)]));
  if (schema instanceof z.ZodMiniArray) return [exampleOf(schema.def.element)];
  if (schema instanceof z.ZodMiniOptional) return exampleOf(schema.def.innerType);
  if (schema instanceof z.ZodMiniNumber) return 1;
  if (schema instanceof z.ZodMiniBoolean) return false;
  if (schema instanceof z.ZodMiniString) return 'Exemplo';
  throw new Error('A contract field of a type without a stand-in here: register an example (`examples`).');
}
