import { defaultDomains } from '@/config/config-schema';
import { createWizard, type ApplicationInput } from './wizard';

/**
 * For page tests: a complete application, as the operator would have typed it (every step passes), for
 * CPF 062.473.119-74, which has no analyses in the seed.
 */
export function typedApplication(): ApplicationInput {
  const blank = createWizard({
    domains: defaultDomains,
    printedNameMaxLength: 26,
    moneyUnit: 'centavos',
    additionalCardFields: [],
    blankOptionalFields: 'require',
    streetNumberWithoutNumber: 'zero-and-complemento',
    productCodes: () => null,
    now: () => new Date(),
  }).blank();
  const [phone] = blank.portador.telefones;
  const [address] = blank.portador.enderecos;
  if (!phone || !address) throw new Error('a blank application has one phone and one address');
  return {
    ...blank,
    codigodoproduto: '102',
    cartaodecredito: { diadovencimento: '10' },
    portador: {
      ...blank.portador,
      cpf: '062.473.119-74',
      nome: 'Maria da Conceição Souza',
      nomeimpresso: 'MARIA DA CONCEICAO SOUZA',
      nomedamae: 'Ana Lúcia Souza',
      datadenascimento: '12/04/1988',
      sexo: 'FEMININO',
      estadocivil: 'CASADO',
      email: 'maria@example.com',
      numerodaidentidade: '123456789',
      orgaoexpedidordaidentidade: 'SSP',
      unidadefederativadaidentidade: 'SP',
      datadeemissaodaidentidade: '30/06/2010',
      codigodaprofissao: '1',
      nomeempresa: 'Padaria Estrela',
      valorrenda: '6.500,00',
      numerodaagencia: '1',
      numerodacontacorrente: '12345-6',
      telefones: [{ ...phone, numerododdd: '11', numerodotelefone: '98765-4321' }],
      enderecos: [
        {
          ...address,
          cep: '04101-000',
          logradouro: 'Rua Domingos de Morais',
          numero: '1200',
          bairro: 'Vila Mariana',
          cidade: 'São Paulo',
          uf: 'SP',
        },
      ],
    },
  };
}
