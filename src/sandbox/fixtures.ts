import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { seededCpfs } from './seed';

/**
 * A credit application the sandbox accepts, for tests (Vitest and Playwright) that need one. Pass a CPF
 * from `seededCpfs` to predict the decision. Fictitious person; every field in the interface's shape.
 */
export function buildCreditApplication(cpf: string = seededCpfs.freshApproves): CreditApplicationRequest {
  return {
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
}
