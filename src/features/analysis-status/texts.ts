import { bindTexts } from '@/components/use-translation';
import { defineTexts } from '@/lib/texts';

/** Texts of the analysis-status screen, under the `analysisStatus` namespace key. */
export const analysisStatusTexts = defineTexts(
  {
    title: 'Análises por CPF',
    intro: 'Consulte o andamento das propostas de crédito de um cliente pelo CPF.',
    errorTitlePrefix: 'Erro',
    searchLabel: 'Consulta por CPF',
    cpfLabel: 'CPF',
    cpfHelp: 'Digite ou cole o CPF e tecle Enter',
    lookUp: 'Consultar',
    invalid: {
      empty: 'Informe o CPF.',
      incomplete_one: 'CPF incompleto: falta {{count}} dígito.',
      incomplete_other: 'CPF incompleto: faltam {{count}} dígitos.',
      checkDigits: 'CPF inválido: os dígitos verificadores não conferem.',
    },
    autoRefresh: 'Atualizar a cada {{seconds}} s enquanto esta aba estiver visível',
    updatedAt: 'Atualizado às {{time}}',
    updating: 'Atualizando…',
    loading: 'Consultando…',
    resultsHeading: 'Propostas do CPF {{cpf}}',
    tableLabel: 'Propostas do CPF consultado',
    code: 'Código para acompanhamento',
    status: 'Status',
    figures: {
      label: 'Paginação',
      page: 'Página',
      pageSize: 'Itens por página',
      totalPages: 'Total de páginas',
      totalRecords: 'Total de registros',
    },
    moreThanShown:
      'Há {{total}} registros em {{pages}} páginas, mas a interface do provedor só permite obter a primeira página: aqui aparecem {{shown}}.',
    empty: 'Nenhuma proposta para este CPF.',
    resultAnnouncement: 'Resultado da consulta: {{result}}',
    found_zero: 'Nenhuma proposta encontrada',
    found_one: '{{count, number}} proposta encontrada',
    found_other: '{{count, number}} propostas encontradas',
    notSuccessfulShort: 'Consulta sem sucesso',
    notSuccessful: 'O provedor informou que a consulta não teve sucesso (sucesso: false).',
    errorsHeading: 'Erros informados pelo provedor',
    alertsHeading: 'Alertas informados pelo provedor',
    errorTitle: 'Não foi possível consultar as análises',
    recentHeading: 'Consultas recentes desta aba',
    recentHelp: 'Guardadas só na memória desta aba; somem ao sair ou recarregar.',
    recentRepeat: 'Consultar de novo o CPF {{cpf}}',
    modes: {
      label: 'Modo de consulta',
      single: 'Um CPF',
      batch: 'Em lote',
      batchRunning: 'Em lote ({{done}} de {{total}})',
    },
  },
  {
    title: 'Analyses by CPF',
    intro: "Look up the progress of a customer's credit applications by CPF.",
    errorTitlePrefix: 'Error',
    searchLabel: 'Look up by CPF',
    cpfLabel: 'CPF',
    cpfHelp: 'Type or paste the CPF and press Enter',
    lookUp: 'Look up',
    invalid: {
      empty: 'Enter the CPF.',
      incomplete_one: 'Incomplete CPF: {{count}} digit missing.',
      incomplete_other: 'Incomplete CPF: {{count}} digits missing.',
      checkDigits: 'Invalid CPF: the check digits do not match.',
    },
    autoRefresh: 'Refresh every {{seconds}} s while this tab is visible',
    updatedAt: 'Updated at {{time}}',
    updating: 'Updating…',
    loading: 'Looking up…',
    resultsHeading: 'Applications of CPF {{cpf}}',
    tableLabel: 'Applications of the CPF looked up',
    code: 'Tracking code',
    status: 'Status',
    figures: {
      label: 'Paging',
      page: 'Page',
      pageSize: 'Items per page',
      totalPages: 'Total pages',
      totalRecords: 'Total records',
    },
    moreThanShown:
      "There are {{total}} records in {{pages}} pages, but the provider's interface only lets us fetch the first page: {{shown}} are shown here.",
    empty: 'No application for this CPF.',
    resultAnnouncement: 'Lookup result: {{result}}',
    found_zero: 'No application found',
    found_one: '{{count, number}} application found',
    found_other: '{{count, number}} applications found',
    notSuccessfulShort: 'Lookup not successful',
    notSuccessful: 'The provider said the lookup did not succeed (sucesso: false).',
    errorsHeading: 'Errors reported by the provider',
    alertsHeading: 'Alerts reported by the provider',
    errorTitle: 'The analyses could not be looked up',
    recentHeading: 'Recent lookups in this tab',
    recentHelp: 'Kept in this tab’s memory only; gone on sign-out or reload.',
    recentRepeat: 'Look up CPF {{cpf}} again',
    modes: {
      label: 'Lookup mode',
      single: 'One CPF',
      batch: 'In batch',
      batchRunning: 'In batch ({{done}} of {{total}})',
    },
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * analysis-status screen's chunk and registers them before any of its components renders.
 */
export const useTranslation = bindTexts('analysisStatus', analysisStatusTexts);
