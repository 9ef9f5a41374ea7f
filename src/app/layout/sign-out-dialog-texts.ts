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
    nothingLeft: 'The journal was exported. Nothing else is lost by signing out.',
    stay: 'Stay here',
    exportJournal: 'Export the journal',
    leave: 'Sign out and erase',
  },
);

export const useSignOutDialogTranslation = bindTexts('signOutDialog', signOutDialogTexts);
