import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** Texts of the accounts screen, under the `accounts` namespace key. */
export const accountsTexts = defineTexts(
  {
    title: 'Contas',
    intro: 'Contas bancárias associadas à instituição, com saldos na unidade configurada.',
    searchLabel: 'Buscar contas',
    searchHelp: 'Nome fantasia, razão social, CNPJ ou conta',
    count_zero: 'Nenhuma conta',
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
    totalsOf_zero: 'Totais (nenhuma conta)',
    totalsOf_one: 'Totais ({{count, number}} conta)',
    totalsOf_other: 'Totais ({{count, number}} contas)',
    columnsButton: 'Colunas',
    columnsMenu: 'Colunas visíveis',
    export: 'Exportar CSV',
    fileName: 'contas',
    csvMoneyHeader: '{{column}} (R$)',
    requestCard: 'Cartão virtual',
    noCard: 'Sem cartão virtual',
    requestCardFor: 'Solicitar cartão virtual para {{tradeName}}, conta {{account}}',
    noMatch: 'Nenhuma conta corresponde a “{{filter}}”.',
    empty: 'Nenhuma conta associada a esta instituição.',
    errorTitle: 'Não foi possível carregar as contas',
    withheld: {
      balanceUnitTitle: 'Saldos não mostrados',
      balanceUnit:
        'O provedor mandou um saldo com frações de centavo ({{value}}), mas esta instalação lê os saldos em centavos inteiros: os saldos e os totais não são mostrados, para não exibir valores errados. Avise o suporte. O resto da lista funciona: busca, ordenação, exportação (sem saldos) e o pedido de cartão virtual.',
      balanceUnitTechnical:
        'O campo {{field}} da resposta vale {{value}}; a configuração lê os saldos em centavos (balanceUnit). Se o provedor envia reais, ajuste balanceUnit para "reais".',
      column: 'Não mostrado: veja o aviso sobre os saldos',
    },
    errorPrefix: 'Erro',
    forbiddenTitle: 'Sem acesso à lista de contas',
    forbiddenBody:
      'O seu acesso não inclui a lista de contas. Entre com um acesso que a inclua, ou peça-o ao administrador. As outras telas continuam disponíveis.',
    forbiddenTechnical: 'A lista de contas exige o escopo accounts:read, que o token atual não tem.',
    loading: 'Carregando contas…',
  },
  {
    title: 'Accounts',
    intro: "The institution's bank accounts, with balances in the configured unit.",
    searchLabel: 'Search accounts',
    searchHelp: 'Trade name, official name, tax id or account',
    count_zero: 'No accounts',
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
    totalsOf_zero: 'Totals (no accounts)',
    totalsOf_one: 'Totals ({{count, number}} account)',
    totalsOf_other: 'Totals ({{count, number}} accounts)',
    columnsButton: 'Columns',
    columnsMenu: 'Visible columns',
    export: 'Export CSV',
    fileName: 'accounts',
    csvMoneyHeader: '{{column}} (BRL)',
    requestCard: 'Virtual card',
    noCard: 'No virtual card',
    requestCardFor: 'Request a virtual card for {{tradeName}}, account {{account}}',
    noMatch: 'No account matches “{{filter}}”.',
    empty: 'No account is associated with this institution.',
    errorTitle: 'The accounts could not be loaded',
    withheld: {
      balanceUnitTitle: 'Balances not shown',
      balanceUnit:
        'The provider sent a balance with fractions of a centavo ({{value}}), but this installation reads balances as whole centavos: balances and totals are not shown rather than shown wrong. Tell support. The rest of the list works: search, sorting, export (without balances) and requesting a virtual card.',
      balanceUnitTechnical:
        'The field {{field}} of the answer is {{value}}; the configuration reads balances as centavos (balanceUnit). If the provider sends reais, set balanceUnit to "reais".',
      column: 'Not shown: see the note on balances',
    },
    errorPrefix: 'Error',
    forbiddenTitle: 'No access to the account list',
    forbiddenBody:
      'Your access does not include the account list. Sign in with access that includes it, or ask an administrator for it. The other screens remain available.',
    forbiddenTechnical: 'The account list requires the accounts:read scope, which the current token lacks.',
    loading: 'Loading accounts…',
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * accounts screen's chunk and registers them before any of its components renders.
 */
export const useAccountsTranslation = bindTexts('accounts', accountsTexts);
