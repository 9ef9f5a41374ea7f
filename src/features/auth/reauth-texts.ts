import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/**
 * The re-authentication and idle-warning dialogs' texts, under `reauth`: loaded with the dialogs' own
 * chunk, not with sign-in (decision 004's up-front budget).
 */
export const reauthTexts = defineTexts(
  {
    title: 'Sessão expirada',
    intro:
      'O provedor recusou o token atual. Informe um novo token para continuar nesta tela. Como não há como confirmar quem é o titular de um token colado, o que esta aba guarda será apagado: o rascunho da proposta, as consultas (também as em lote) e o diário de operações.',
    submit: 'Continuar',
    signOut: 'Sair e descartar',
    done: 'Sessão renovada.',
    otherOperator:
      'Entrou outro operador: os dados do operador anterior (rascunho, diário e consultas) foram apagados desta aba.',
    unverified:
      'Sessão renovada. Não há como confirmar que é o mesmo operador, por isso o que esta aba guardava foi apagado: o rascunho da proposta, as consultas (também as em lote) e o diário de operações.',
    oidcIntro:
      'A sessão expirou e não pôde ser renovada. Entre novamente no provedor de identidade, numa janela que será aberta. Se for o mesmo operador, esta tela e tudo o que você digitou continuam aqui; se for outro, o que esta aba guarda será apagado.',
    oidcSubmit: 'Entrar novamente',
    oidcFailed:
      'Não foi possível entrar novamente. Se a janela foi bloqueada ou fechada, permita janelas deste endereço e tente de novo.',
    idleTitle: 'Sua sessão vai expirar',
    idleBody: 'Por inatividade, a sessão será encerrada em {{seconds}} segundos.',
    idleStay: 'Continuar conectado',
    idleSignOut: 'Sair',
  },
  {
    title: 'Session expired',
    intro:
      'The provider refused the current token. Enter a new token to continue on this screen. As there is no way to confirm who holds a pasted token, what this tab holds will be cleared: the application draft, the lookups (batch ones too) and the operations journal.',
    submit: 'Continue',
    signOut: 'Sign out and discard',
    done: 'Session renewed.',
    otherOperator:
      'Another operator signed in: the previous operator’s data (draft, journal and lookups) was cleared from this tab.',
    unverified:
      'Session renewed. There is no way to confirm it is the same operator, so what this tab held was cleared: the application draft, the lookups (batch ones too) and the operations journal.',
    oidcIntro:
      'The session expired and could not be renewed. Sign in again at the identity provider, in a window that will open. If it is the same operator, this screen and everything you typed stay here; if it is another, what this tab holds will be cleared.',
    oidcSubmit: 'Sign in again',
    oidcFailed:
      'Could not sign in again. If the window was blocked or closed, allow pop-ups for this address and try again.',
    idleTitle: 'Your session is about to end',
    idleBody: 'Because of inactivity, the session will end in {{seconds}} seconds.',
    idleStay: 'Stay signed in',
    idleSignOut: 'Sign out',
  },
);

export const useReauthTranslation = bindTexts('reauth', reauthTexts);
