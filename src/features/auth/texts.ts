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
    entering: 'Entrando…',
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
    oidcIntro:
      'Entre com a sua conta da instituição. Você será levado ao provedor de identidade e voltará para a tela que pediu.',
    oidcSubmit: 'Entrar',
    returnTitle: 'Entrando',
    returnIntro:
      'Concluindo a entrada com a sua conta da instituição. A tela que você pediu abre em seguida.',
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
    endedIdle: 'Sua sessão foi encerrada por inatividade. Entre novamente.',
    endedAbsolute: 'Sua sessão atingiu a duração máxima e foi encerrada. Entre novamente.',
    endedElsewhere: 'Sua sessão foi encerrada em outra aba deste navegador. Entre novamente.',
    endedOtherOperator:
      'Houve uma entrada em outra aba deste navegador, de outro operador ou com um token colado (que não permite confirmar quem é). Esta sessão foi encerrada e o que esta aba guardava foi apagado. Entre novamente.',
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
    entering: 'Signing in…',
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
    oidcIntro:
      'Sign in with your institution account. You will be taken to the identity provider and brought back to the screen you asked for.',
    oidcSubmit: 'Sign in',
    returnTitle: 'Signing in',
    returnIntro: 'Completing the sign-in with your institution account. The screen you asked for opens next.',
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
    endedIdle: 'Your session ended after a period of inactivity. Sign in again.',
    endedAbsolute: 'Your session reached its maximum duration and ended. Sign in again.',
    endedElsewhere: 'Your session was ended in another tab of this browser. Sign in again.',
    endedOtherOperator:
      'Someone signed in in another tab of this browser, as another operator or with a pasted token (which cannot show who it is). This session was ended and what this tab held was cleared. Sign in again.',
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * chunk of the auth screens (the entry: sign-in is the first screen) and registers them before any of
 * its components renders.
 */
export const useAuthTranslation = bindTexts('auth', authTexts);
