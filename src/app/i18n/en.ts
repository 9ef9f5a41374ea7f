/** The shared texts in English: the same keys as pt-br.ts, which types them (`Translations`). */
import type { Translations } from './pt-br';

export const en: Translations = {
  app: {
    name: 'Cards · Back office',
    titleSuffix: 'Cards Back office',
    skipToContent: 'Skip to content',
    sandboxBanner: 'SANDBOX: fictitious data, no operation is real',
    environment: 'Environment: {{name}}',
    offline: 'No internet connection. Nothing will be sent until it is back; what you typed stays here.',
    navigationLabel: 'Main navigation',
    openNavigation: 'Open navigation',
    language: 'Language',
    themeToLight: 'Use light theme',
    themeToDark: 'Use dark theme',
    signOut: 'Sign out',
    signedOut: 'You signed out. The data of this tab was cleared.',
    loadingScreen: 'Loading the screen…',
    session: {
      expiresAt: 'Token expires at {{time}}',
    },
  },
  languages: {
    'pt-BR': 'Português (Brasil)',
    en: 'English',
  },
  errors: {
    retry: 'Try again',
    providerSaid: '(provider: «{{text}}»)',
    notFoundTitle: 'Page not found',
    notFoundBody: 'The address {{path}} does not exist in this app.',
    goHome: 'Go to products',
    routeTitle: 'This screen ran into an error',
    routeBody: 'Something unexpected happened while showing this screen. The rest of the app keeps working.',
    chunkTitle: 'This screen could not be loaded',
    chunkBody:
      'The screen’s file did not arrive (unstable connection or a new version was published). Reload the page.',
    reloadPage: 'Reload the page',
    configTitle: 'Invalid configuration',
    configBody: 'The app cannot start because /config.json is not valid. Tell the support team.',
    configKey: 'Offending key: {{key}}',
    configNoKey: 'The whole file',
    configDetail: 'Detail: {{detail}}',
    sandboxStartTitle: 'The sandbox could not start',
    sandboxStartBody:
      'Sandbox mode needs a service worker, which this browser refused. Reload the page; if it persists, use another browser.',
    api: {
      network: 'No answer from the provider. Check your connection and try again.',
      networkHeaderRefused:
        'The provider answers look-ups, but this send got no answer: either the connection dropped after sending (the provider may have received it), or the browser never sent it. Check the result before sending again; if it happens on every send, tell support (see the technical details).',
      timeout: 'The provider did not answer in time ({{seconds}} s). Try again.',
      noAnswer: 'The provider did not answer. Try again in a moment.',
      server: 'The provider failed.',
      serverNoBody: 'The provider is unavailable right now. Try again in a moment.',
      tryLater: 'Try again later.',
      contract:
        'The provider’s answer came in an unexpected form. Try again; if it persists, tell support (the technical details say what differed).',
      forbidden: 'Not allowed: your access does not include this operation.',
      rateLimited: 'Too many requests in a short time. Wait {{seconds}} s and try again.',
      rateLimitedNoWait: 'Too many requests in a short time. Wait a little and try again.',
      unauthorized: 'Session expired. Sign in again to continue.',
      refusedOrigin: 'Not sent: the configured address points outside the provider’s server. Tell support.',
      clientError: 'The provider refused the request.',
      unexpected: 'Unexpected error. Try again; if it persists, tell the support team.',
    },
    technical: {
      summary: 'Technical details (for support)',
      copy: 'Copy the technical details',
      copied: 'Details copied',
      operation: 'Operation: {{operation}}',
      status: 'HTTP status: {{status}}',
      kind: 'Failure kind: {{kind}}',
      field: 'Field outside the contract: {{field}}',
      contractBody: 'Field outside the contract: the response body',
      retryAfter: 'Retry-After: {{seconds}} s',
      errorObject: 'The provider’s error object (without its texts): {{json}}',
      omitted: '(text left out: it may hold personal data)',
      headerRefused:
        'The provider may not accept the Idempotency-Key header (CORS): add it to the provider’s Access-Control-Allow-Headers, or turn sendIdempotencyKey off in the configuration.',
    },
  },
};
