import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** Texts of the products screens, under the `products` namespace key. */
export const productsTexts = defineTexts(
  {
    title: 'Produtos de crédito',
    intro: 'Produtos disponíveis para esta instituição. Escolha um para iniciar uma proposta.',
    filterLabel: 'Filtrar produtos',
    filterHelp: 'Código, nome ou anuidade',
    tableLabel: 'Produtos de crédito',
    code: 'Código',
    name: 'Nome',
    annualFee: 'Anuidade',
    actions: 'Ações',
    startApplication: 'Iniciar proposta',
    startApplicationFor: 'Iniciar proposta com o produto {{name}}',
    empty: 'Nenhum produto disponível para esta instituição.',
    noMatch: 'Nenhum produto corresponde a “{{filter}}”.',
    count_zero: 'Nenhum produto',
    count_one: '{{count, number}} produto',
    count_other: '{{count, number}} produtos',
    loading: 'Carregando produtos…',
    errorTitle: 'Não foi possível carregar os produtos',
  },
  {
    title: 'Credit products',
    intro: 'Products available to this institution. Pick one to start an application.',
    filterLabel: 'Filter products',
    filterHelp: 'Code, name or annual fee',
    tableLabel: 'Credit products',
    code: 'Code',
    name: 'Name',
    annualFee: 'Annual fee',
    actions: 'Actions',
    startApplication: 'Start application',
    startApplicationFor: 'Start application with product {{name}}',
    empty: 'No product is available to this institution.',
    noMatch: 'No product matches “{{filter}}”.',
    count_zero: 'No products',
    count_one: '{{count, number}} product',
    count_other: '{{count, number}} products',
    loading: 'Loading products…',
    errorTitle: 'The products could not be loaded',
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * products screens's chunk and registers them before any of its components renders.
 */
export const useProductsTranslation = bindTexts('products', productsTexts);
