import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** Texts of the accounts screen, under the `accounts` namespace key. */
export const accountsTexts = defineTexts(
  {
    title: 'Contas',
    intro: 'Contas bancárias associadas à instituição, com saldos na unidade configurada.',
    searchLabel: 'Buscar contas',
    searchHelp: 'Nome fantasia, razão social, CNPJ ou conta',
    count_one: '{{count, number}} conta',
    count_other: '{{count, number}} contas',
    countFiltered: '{{shown, number}} de {{count, number}} contas',
    tableLabel: 'Contas da instituição',
    columns: {
      tradeName: 'Nome fantasia',
      officialName: 'Razão social',
      taxId: 'CNPJ',
      branch: 'Agência',
      account: 'Conta',
      code: 'ID da conta',
      isDefault: 'Padrão',
      total: 'Saldo total',
      blocked: 'Bloqueado',
      available: 'Disponível',
    },
    actions: 'Ações',
    defaultBadge: 'Padrão',
    sortBy: 'Ordenar por {{column}}',
    totals: 'Totais',
    totalsOf_one: 'Totais ({{count, number}} conta)',
    totalsOf_other: 'Totais ({{count, number}} contas)',
    columnsButton: 'Colunas',
    columnsMenu: 'Colunas visíveis',
    export: 'Exportar CSV',
    fileName: 'contas',
    csvMoneyHeader: '{{column}} (R$)',
    requestCard: 'Cartão virtual',
    requestCardFor: 'Solicitar cartão virtual para {{tradeName}}, conta {{account}}',
    noMatch: 'Nenhuma conta corresponde a “{{filter}}”.',
    empty: 'Nenhuma conta associada a esta instituição.',
    errorTitle: 'Não foi possível carregar as contas',
    withheld: {
      balanceUnitTitle: 'Saldos não mostrados',
      balanceUnit:
        'O campo {{field}} da resposta vale {{value}}, um valor com frações, mas a configuração lê os saldos em centavos (balanceUnit). O provedor e a configuração divergem: os saldos e os totais não são mostrados, para não exibir valores errados. Ajuste balanceUnit para "reais" se o provedor envia reais. O resto da lista funciona: busca, ordenação, exportação (sem saldos) e o pedido de cartão virtual.',
      column: 'Não mostrado: veja balanceUnit',
    },
    errorPrefix: 'Erro',
    forbiddenTitle: 'Sem acesso à lista de contas',
    forbiddenBody:
      'O token atual não tem o escopo accounts:read, exigido para listar as contas. Entre com um token que tenha esse escopo, ou peça o acesso ao administrador. As outras telas continuam disponíveis.',
    loading: 'Carregando contas…',
  },
  {
    title: 'Accounts',
    intro: "The institution's bank accounts, with balances in the configured unit.",
    searchLabel: 'Search accounts',
    searchHelp: 'Trade name, official name, tax id or account',
    count_one: '{{count, number}} account',
    count_other: '{{count, number}} accounts',
    countFiltered: '{{shown, number}} of {{count, number}} accounts',
    tableLabel: "The institution's accounts",
    columns: {
      tradeName: 'Trade name',
      officialName: 'Official name',
      taxId: 'Tax id (CNPJ)',
      branch: 'Branch',
      account: 'Account',
      code: 'Account ID',
      isDefault: 'Default',
      total: 'Total balance',
      blocked: 'Blocked',
      available: 'Available',
    },
    actions: 'Actions',
    defaultBadge: 'Default',
    sortBy: 'Sort by {{column}}',
    totals: 'Totals',
    totalsOf_one: 'Totals ({{count, number}} account)',
    totalsOf_other: 'Totals ({{count, number}} accounts)',
    columnsButton: 'Columns',
    columnsMenu: 'Visible columns',
    export: 'Export CSV',
    fileName: 'accounts',
    csvMoneyHeader: '{{column}} (BRL)',
    requestCard: 'Virtual card',
    requestCardFor: 'Request a virtual card for {{tradeName}}, account {{account}}',
    noMatch: 'No account matches “{{filter}}”.',
    empty: 'No account is associated with this institution.',
    errorTitle: 'The accounts could not be loaded',
    withheld: {
      balanceUnitTitle: 'Balances not shown',
      balanceUnit:
        'The field {{field}} of the answer is {{value}}, a fractional amount, but the configuration reads balances as centavos (balanceUnit). The provider and the configuration disagree: balances and totals are not shown rather than shown wrong. Set balanceUnit to "reais" if the provider sends reais. The rest of the list works: search, sorting, export (without balances) and requesting a virtual card.',
      column: 'Not shown: see balanceUnit',
    },
    errorPrefix: 'Error',
    forbiddenTitle: 'No access to the account list',
    forbiddenBody:
      'The current token lacks the accounts:read scope, which listing the accounts requires. Sign in with a token that has it, or ask an administrator for access. The other screens remain available.',
    loading: 'Loading accounts…',
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * accounts screen's chunk and registers them before any of its components renders.
 */
export const useTranslation = bindTexts('accounts', accountsTexts);
