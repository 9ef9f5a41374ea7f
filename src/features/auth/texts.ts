import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** Texts of the auth screens, under the `auth` namespace key. */
export const authTexts = defineTexts(
  {
    signInTitle: 'Entrar',
    signInIntro:
      'Cole o token de acesso emitido para você. Ele fica apenas na memória desta aba: ao recarregar a página, será pedido de novo.',
    tokenLabel: 'Token de acesso',
    tokenRequired: 'Informe o token de acesso.',
    tokenHasSpaces: 'O token não pode conter espaços no meio.',
    showToken: 'Mostrar token',
    hideToken: 'Ocultar token',
    submit: 'Entrar',
    jwtInfo: 'Token JWT',
    jwtSubject: 'Titular: {{subject}}',
    jwtExpires: 'Expira em {{date}}',
    jwtExpired: 'Este token expirou em {{date}}. O provedor vai recusá-lo.',
    jwtNoExpiry: 'Sem data de expiração',
    jwtScopes: 'Escopos: {{scopes}}',
    jwtNoScopes: 'Nenhum escopo declarado',
    sandboxTokensTitle: 'Tokens do sandbox',
    sandboxTokensIntro: 'Entre com um clique usando um dos tokens de teste:',
    sandboxOperator: 'Operador (com acesso às contas)',
    sandboxAnalyst: 'Analista (sem acesso às contas)',
    sandboxExpired: 'Token expirado (sempre recusado)',
    reauthTitle: 'Sessão expirada',
    reauthIntro:
      'O provedor recusou o token atual. Informe um novo token para continuar: esta tela e tudo o que você digitou continuam aqui.',
    reauthSubmit: 'Continuar',
    reauthSignOut: 'Sair e descartar',
    reauthDone: 'Sessão renovada.',
    reauthOtherOperator:
      'Entrou outro operador: os dados do operador anterior (rascunho, diário e consultas) foram apagados desta aba.',
    oidcIntro:
      'Entre com a sua conta da instituição. Você será levado ao provedor de identidade e voltará para a tela que pediu.',
    oidcSubmit: 'Entrar',
    oidcRedirecting: 'Abrindo o provedor de identidade…',
    oidcFailureTitle: 'Não foi possível entrar',
    oidcFailureState:
      'A resposta do provedor de identidade não corresponde a uma entrada iniciada nesta aba e foi recusada por segurança. Entre novamente.',
    oidcFailureProvider: 'O provedor de identidade recusou a entrada ({{error}}). Entre novamente.',
    oidcFailureNetwork: 'O provedor de identidade não respondeu. Verifique a conexão e tente novamente.',
    oidcFailureIdToken:
      'A resposta do provedor de identidade não passou nas verificações de segurança (emissor, destinatário ou nonce do token de identidade) e foi recusada. Entre novamente; se persistir, avise o suporte.',
    oidcFailureClock:
      'O token de identidade recebido está fora do prazo de validade. Confira se a data e a hora deste computador estão corretas e entre novamente.',
    oidcReauthIntro:
      'A sessão expirou e não pôde ser renovada. Entre novamente no provedor de identidade, numa janela que será aberta: esta tela e tudo o que você digitou continuam aqui.',
    oidcReauthSubmit: 'Entrar novamente',
    oidcReauthFailed:
      'Não foi possível entrar novamente. Se a janela foi bloqueada ou fechada, permita janelas deste endereço e tente de novo.',
    endedIdle: 'Sua sessão foi encerrada por inatividade. Entre novamente.',
    endedAbsolute: 'Sua sessão atingiu a duração máxima e foi encerrada. Entre novamente.',
    endedElsewhere: 'Sua sessão foi encerrada em outra aba deste navegador. Entre novamente.',
    idleTitle: 'Sua sessão vai expirar',
    idleBody: 'Por inatividade, a sessão será encerrada em {{seconds}} segundos.',
    idleStay: 'Continuar conectado',
    idleSignOut: 'Sair',
  },
  {
    signInTitle: 'Sign in',
    signInIntro:
      'Paste the access token issued to you. It stays in this tab’s memory only: reloading the page asks for it again.',
    tokenLabel: 'Access token',
    tokenRequired: 'Enter the access token.',
    tokenHasSpaces: 'The token cannot contain spaces.',
    showToken: 'Show token',
    hideToken: 'Hide token',
    submit: 'Sign in',
    jwtInfo: 'JWT token',
    jwtSubject: 'Subject: {{subject}}',
    jwtExpires: 'Expires on {{date}}',
    jwtExpired: 'This token expired on {{date}}. The provider will refuse it.',
    jwtNoExpiry: 'No expiry date',
    jwtScopes: 'Scopes: {{scopes}}',
    jwtNoScopes: 'No scopes declared',
    sandboxTokensTitle: 'Sandbox tokens',
    sandboxTokensIntro: 'Sign in with one click using a test token:',
    sandboxOperator: 'Operator (with the account list)',
    sandboxAnalyst: 'Analyst (without the account list)',
    sandboxExpired: 'Expired token (always refused)',
    reauthTitle: 'Session expired',
    reauthIntro:
      'The provider refused the current token. Enter a new token to continue: this screen and everything you typed stay here.',
    reauthSubmit: 'Continue',
    reauthSignOut: 'Sign out and discard',
    reauthDone: 'Session renewed.',
    reauthOtherOperator:
      'Another operator signed in: the previous operator’s data (draft, journal and lookups) was cleared from this tab.',
    oidcIntro:
      'Sign in with your institution account. You will be taken to the identity provider and brought back to the screen you asked for.',
    oidcSubmit: 'Sign in',
    oidcRedirecting: 'Opening the identity provider…',
    oidcFailureTitle: 'Could not sign in',
    oidcFailureState:
      'The identity provider’s answer does not match a sign-in started in this tab and was refused for safety. Sign in again.',
    oidcFailureProvider: 'The identity provider refused the sign-in ({{error}}). Sign in again.',
    oidcFailureNetwork: 'The identity provider did not answer. Check the connection and try again.',
    oidcFailureIdToken:
      'The identity provider’s answer failed the security checks (issuer, audience or nonce of the ID token) and was refused. Sign in again; if it persists, tell support.',
    oidcFailureClock:
      'The ID token received is outside its validity period. Check that this computer’s date and time are right, and sign in again.',
    oidcReauthIntro:
      'The session expired and could not be renewed. Sign in again at the identity provider, in a window that will open: this screen and everything you typed stay here.',
    oidcReauthSubmit: 'Sign in again',
    oidcReauthFailed:
      'Could not sign in again. If the window was blocked or closed, allow pop-ups for this address and try again.',
    endedIdle: 'Your session ended after a period of inactivity. Sign in again.',
    endedAbsolute: 'Your session reached its maximum duration and ended. Sign in again.',
    endedElsewhere: 'Your session was ended in another tab of this browser. Sign in again.',
    idleTitle: 'Your session is about to end',
    idleBody: 'Because of inactivity, the session will end in {{seconds}} seconds.',
    idleStay: 'Stay signed in',
    idleSignOut: 'Sign out',
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * chunk of the auth screens (the entry: sign-in is the first screen) and registers them before any of
 * its components renders.
 */
export const useTranslation = bindTexts('auth', authTexts);
