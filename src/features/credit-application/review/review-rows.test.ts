// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultDomains } from '@/config/config-schema';
import { translate, type SupportedLanguage } from '@/lib/i18n';
import type { DisplayContext, RuleContext } from '../field-kinds/kind';
import { reviewSections, type ReviewSection } from './review-rows';
import '../texts';
import { createWizard, type ApplicationInput } from '../wizard/wizard';

const rules: RuleContext = {
  domains: defaultDomains,
  printedNameMaxLength: 26,
  moneyUnit: 'centavos',
  additionalCardFields: ['nome'],
  blankOptionalFields: 'require',
  streetNumberWithoutNumber: 'zero-and-complemento',
  productCodes: () => null,
  now: () => new Date(2026, 10, 1),
};
const wizard = createWizard(rules);

/** An application as an operator typed it: digits without masks, an amount without separators. */
function typedApplication(): ApplicationInput {
  const values = wizard.blank();
  values.codigodoproduto = '102';
  values.cartaodecredito.diadovencimento = '10';
  values.portador = {
    ...values.portador,
    cpf: '06247311974',
    nome: 'Maria da Conceição Souza',
    nomeimpresso: 'maria c souza',
    nomedamae: 'Ana Lúcia Souza',
    datadenascimento: '12/04/1988',
    sexo: 'FEMININO',
    estadocivil: 'CASADO',
    email: ' maria@example.com ',
    codigodaprofissao: '1',
    valorrenda: '6500',
    numerodaagencia: '1',
  };
  values.portador.telefones = [
    { tipotelefone: 'CELULAR', numerododdd: '11', numerodotelefone: '987654321' },
    { tipotelefone: 'RESIDENCIAL', numerododdd: '21', numerodotelefone: '33334444' },
  ];
  const [address] = values.portador.enderecos;
  if (!address) throw new Error('a blank form has one address');
  values.portador.enderecos = [
    {
      ...address,
      cep: '04101000',
      logradouro: 'Rua Domingos de Morais',
      numero: '1200',
      complemento: 'apto 5',
      bairro: 'Vila Mariana',
      cidade: 'São Paulo',
      uf: 'SP',
    },
  ];
  values.portador.cartoesadicionais = [{ nome: 'João Souza' }];
  return values;
}

function sectionsIn(language: SupportedLanguage, values: ApplicationInput): ReviewSection[] {
  const read = (path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>(
        (node, key) => (node === null || typeof node !== 'object' ? undefined : Reflect.get(node, key)),
        values,
      );
  const context: DisplayContext = {
    t: (key, options) => translate(language, key, options),
    language,
    productName: (code) => (code === '102' ? 'Cartão Gold' : undefined),
  };
  return reviewSections(wizard, read, context);
}

const rowsOf = (sections: ReviewSection[]) =>
  Object.fromEntries(sections.flatMap((section) => section.rows.map((row) => [row.label, row.lines])));

describe('the review read from the step schemas', () => {
  it('shows each value through its kind: masks, option labels, amounts, products, row summaries', () => {
    const rows = rowsOf(sectionsIn('pt-BR', typedApplication()));
    expect(rows).toMatchObject({
      Produto: ['102 · Cartão Gold'],
      'Dia de vencimento da fatura': ['10'],
      CPF: ['062.473.119-74'],
      'Nome impresso no cartão': ['MARIA C SOUZA'],
      Sexo: ['Feminino'],
      'Estado civil': ['Casado(a)'],
      'Nacionalidade (sigla)': ['BRA'],
      'E-mail': ['maria@example.com'],
      'Renda mensal (R$)': ['6.500,00'],
      'Telefone 1': ['Celular: (11) 98765-4321'],
      'Telefone 2': ['Residencial: (21) 3333-4444'],
      'Endereço 1': [
        'Rua Domingos de Morais, 1200 – apto 5',
        'Vila Mariana, São Paulo – SP, 04101-000, Brasil',
        'Residencial',
        'Endereço de correspondência',
      ],
      'Cartão adicional 1': ['Nome completo: João Souza'],
    });
    // A field left blank reads as blank (the screen says "(vazio)").
    expect(rows['Número da identidade']).toEqual(['']);
  });

  it('labels every field of every step, in both languages, never with its raw name', () => {
    for (const language of ['pt-BR', 'en'] as const) {
      const sections = sectionsIn(language, typedApplication());
      expect(sections.map((section) => section.step)).toEqual([
        'product',
        'personal',
        'document',
        'income',
        'phones',
        'addresses',
        'additionalCards',
      ]);
      for (const row of sections.flatMap((section) => section.rows))
        expect(row.label, language).not.toMatch(/^[a-z]+$/);
    }
    expect(rowsOf(sectionsIn('en', typedApplication()))).toMatchObject({
      Sex: ['Female'],
      'Phone 1': ['Mobile: (11) 98765-4321'],
      'Additional card 1': ['Full name: João Souza'],
    });
  });

  it('says "none" for a field array without rows', () => {
    const values = typedApplication();
    values.portador.cartoesadicionais = [];
    expect(rowsOf(sectionsIn('pt-BR', values))['Cartões adicionais']).toEqual(['Nenhum']);
  });
});
