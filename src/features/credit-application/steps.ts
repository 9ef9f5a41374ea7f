/** The wizard's steps, in order; `slug` is the last path segment (`/proposta/nova/<slug>`). */
export const steps = [
  {
    slug: 'produto',
    key: 'product',
    fields: ['codigodoproduto', 'cartaodecredito.diadovencimento'],
  },
  {
    slug: 'dados-pessoais',
    key: 'personal',
    fields: [
      'portador.cpf',
      'portador.nome',
      'portador.nomeimpresso',
      'portador.nomedamae',
      'portador.datadenascimento',
      'portador.sexo',
      'portador.estadocivil',
      'portador.siglanacionalidade',
      'portador.email',
    ],
  },
  {
    slug: 'documento',
    key: 'document',
    fields: [
      'portador.numerodaidentidade',
      'portador.orgaoexpedidordaidentidade',
      'portador.unidadefederativadaidentidade',
      'portador.datadeemissaodaidentidade',
    ],
  },
  {
    slug: 'renda-e-conta',
    key: 'income',
    fields: [
      'portador.codigodaprofissao',
      'portador.nomeempresa',
      'portador.valorrenda',
      'portador.numerodaagencia',
      'portador.numerodacontacorrente',
    ],
  },
  { slug: 'telefones', key: 'phones', fields: ['portador.telefones'] },
  { slug: 'enderecos', key: 'addresses', fields: ['portador.enderecos'] },
  { slug: 'cartoes-adicionais', key: 'additionalCards', fields: ['portador.cartoesadicionais'] },
  { slug: 'revisao', key: 'review', fields: [] },
] as const;

export type Step = (typeof steps)[number];
export type StepSlug = Step['slug'];
export type StepKey = Step['key'];

export const REVIEW_SLUG: StepSlug = 'revisao';
export const FIRST_SLUG: StepSlug = 'produto';

export function stepIndexOf(slug: string | undefined): number {
  return steps.findIndex((step) => step.slug === slug);
}

/** The step that holds the field at `path` (`portador.enderecos.1.cep` → enderecos). */
export function stepOfField(path: string): Step | undefined {
  return steps.find((step) =>
    step.fields.some((field: string) => path === field || path.startsWith(`${field}.`)),
  );
}
