import { bindTexts } from '@/hooks/use-translation';
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
    // The count when the provider has more than one page: plural by the total ("1 de 1 proposta").
    shownOfTotal_zero: '{{shown}} de {{total}} propostas',
    shownOfTotal_one: '{{shown}} de {{total}} proposta',
    shownOfTotal_other: '{{shown}} de {{total}} propostas',
    pages_zero: 'nenhuma página',
    pages_one: '{{count, number}} página',
    pages_other: '{{count, number}} páginas',
    shortfall: {
      notConfigured:
        'Aparecem {{shown}} de {{total}} propostas: o provedor as entrega em páginas, e esta instalação só está preparada para pedir a primeira. Para ver as demais, peça ao suporte que ative a leitura das páginas seguintes desta consulta.',
      pageCap:
        'Aparecem {{shown}} de {{total}} propostas: cada consulta lê no máximo {{pages}}, o limite definido para esta instalação. As mais antigas ficaram de fora.',
      repeatedPage:
        'Aparecem {{shown}} de {{total}} propostas: ao pedirmos a página seguinte, o provedor devolveu de novo propostas já lidas, então a leitura parou ali. A forma de pedir páginas configurada não confere com a do provedor; avise o suporte.',
      pagesEnded:
        'Aparecem {{shown}} de {{total}} propostas: o provedor conta {{total}}, mas suas páginas acabaram antes. Alguma proposta pode ter mudado durante a consulta; consulte de novo.',
      technical: {
        firstPage:
          'Primeira página recebida: numeroDaPagina {{page}}, tamanhoDaPagina {{size}}, totalDePaginas {{pages}}, totalDeRegistros {{total}}, resultados {{results}}.',
        notConfigured:
          'analysisStatusPaging não está no config.json: nenhum parâmetro de página é enviado, só a primeira página é lida.',
        asked: 'Páginas pedidas ({{parameter}}): {{pages}}; analysisStatusPaging {{config}}.',
      },
    },
    empty: 'Nenhuma proposta para este CPF.',
    resultAnnouncement: 'Resultado da consulta: {{result}}',
    found_zero: 'Nenhuma proposta encontrada',
    found_one: '{{count, number}} proposta encontrada',
    found_other: '{{count, number}} propostas encontradas',
    notSuccessfulShort: 'Consulta sem sucesso',
    notSuccessful: 'O provedor informou que a consulta não teve sucesso.',
    errorsHeading: 'Erros informados pelo provedor',
    alertsHeading: 'Alertas informados pelo provedor',
    errorTitle: 'Não foi possível consultar as análises',
    recentHeading: 'Consultas recentes desta aba',
    recentHelp: 'Guardadas só na memória desta aba; somem ao sair ou recarregar.',
    recentRepeat: 'Consultar de novo o CPF {{cpf}}',
    print: {
      action: 'Imprimir',
      fullCpf: 'CPF completo na impressão',
      title: 'Análises por CPF',
      cpf: 'CPF: {{cpf}}',
      lookedUpAt: 'Consultado em {{date}}',
    },
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
    shownOfTotal_zero: '{{shown}} of {{total}} applications',
    shownOfTotal_one: '{{shown}} of {{total}} application',
    shownOfTotal_other: '{{shown}} of {{total}} applications',
    pages_zero: 'no page',
    pages_one: '{{count, number}} page',
    pages_other: '{{count, number}} pages',
    shortfall: {
      notConfigured:
        'Showing {{shown}} of {{total}} applications: the provider sends them in pages, and this installation is only set up to ask for the first one. To see the rest, ask support to turn on reading the next pages of this lookup.',
      pageCap:
        'Showing {{shown}} of {{total}} applications: each lookup reads at most {{pages}}, the limit set for this installation. The oldest ones are left out.',
      repeatedPage:
        'Showing {{shown}} of {{total}} applications: when asked for the next page, the provider sent applications already read again, so reading stopped there. The configured way of asking for pages does not match the provider’s; tell support.',
      pagesEnded:
        'Showing {{shown}} of {{total}} applications: the provider counts {{total}}, but its pages ended sooner. An application may have changed during the lookup; look it up again.',
      technical: {
        firstPage:
          'First page received: numeroDaPagina {{page}}, tamanhoDaPagina {{size}}, totalDePaginas {{pages}}, totalDeRegistros {{total}}, resultados {{results}}.',
        notConfigured:
          'analysisStatusPaging is not in config.json: no page parameter is sent, only the first page is read.',
        asked: 'Pages asked for ({{parameter}}): {{pages}}; analysisStatusPaging {{config}}.',
      },
    },
    empty: 'No application for this CPF.',
    resultAnnouncement: 'Lookup result: {{result}}',
    found_zero: 'No application found',
    found_one: '{{count, number}} application found',
    found_other: '{{count, number}} applications found',
    notSuccessfulShort: 'Lookup not successful',
    notSuccessful: 'The provider said the lookup did not succeed.',
    errorsHeading: 'Errors reported by the provider',
    alertsHeading: 'Alerts reported by the provider',
    errorTitle: 'The analyses could not be looked up',
    recentHeading: 'Recent lookups in this tab',
    recentHelp: 'Kept in this tab’s memory only; gone on sign-out or reload.',
    recentRepeat: 'Look up CPF {{cpf}} again',
    print: {
      action: 'Print',
      fullCpf: 'Full CPF on paper',
      title: 'Analyses by CPF',
      cpf: 'CPF: {{cpf}}',
      lookedUpAt: 'Looked up on {{date}}',
    },
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
export const useAnalysisStatusTranslation = bindTexts('analysisStatus', analysisStatusTexts);
