import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** The sign-out question's texts: loaded with the question itself, not with sign-in. */
export const signOutDialogTexts = defineTexts(
  {
    title: 'Sair e apagar o trabalho desta aba?',
    intro: 'Ao sair, o que existe só nesta aba é apagado:',
    draft: 'uma proposta de crédito que ainda não foi enviada;',
    batch: 'uma consulta em lote em andamento ({{done}} de {{total}} CPFs consultados);',
    journal_one: '{{count}} operação de cartão no diário desta aba, fora de qualquer arquivo exportado;',
    journal_other: '{{count}} operações de cartão no diário desta aba, fora de qualquer arquivo exportado;',
    titleEveryTab: 'Sair de todas as abas e apagar o trabalho não enviado?',
    otherTabs: {
      intro:
        'Sair encerra a sessão em todas as abas deste navegador. Nas outras abas, também é apagado (volte a elas para terminar ou exportar):',
      list: 'Trabalho em outras abas',
      draft: 'uma proposta de crédito que ainda não foi enviada, em outra aba;',
      batch: 'uma consulta em lote em andamento em outra aba ({{done}} de {{total}} CPFs consultados);',
      journal_one: '{{count}} operação de cartão no diário de outra aba, fora de qualquer arquivo exportado;',
      journal_other:
        '{{count}} operações de cartão no diário de outra aba, fora de qualquer arquivo exportado;',
    },
    nothingLeft: 'O diário foi exportado. Nada mais se perde ao sair.',
    stay: 'Continuar aqui',
    exportJournal: 'Exportar o diário',
    leave: 'Sair e apagar',
  },
  {
    title: 'Sign out and erase this tab’s work?',
    intro: 'Signing out erases what exists only in this tab:',
    draft: 'a credit application not sent yet;',
    batch: 'a batch lookup under way ({{done}} of {{total}} CPFs looked up);',
    journal_one: '{{count}} card operation in this tab’s journal, in no exported file;',
    journal_other: '{{count}} card operations in this tab’s journal, in no exported file;',
    titleEveryTab: 'Sign out of every tab and erase the unsent work?',
    otherTabs: {
      intro:
        'Signing out ends the session in every tab of this browser. In the other tabs this is erased too (go back to them to finish or export it):',
      list: 'Work in other tabs',
      draft: 'a credit application not sent yet, in another tab;',
      batch: 'a batch lookup under way in another tab ({{done}} of {{total}} CPFs looked up);',
      journal_one: '{{count}} card operation in another tab’s journal, in no exported file;',
      journal_other: '{{count}} card operations in another tab’s journal, in no exported file;',
    },
    nothingLeft: 'The journal was exported. Nothing else is lost by signing out.',
    stay: 'Stay here',
    exportJournal: 'Export the journal',
    leave: 'Sign out and erase',
  },
);

export const useSignOutDialogTranslation = bindTexts('signOutDialog', signOutDialogTexts);
