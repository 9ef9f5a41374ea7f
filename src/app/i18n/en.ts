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
  nav: {
    products: 'Products',
    newApplication: 'New application',
    analysisStatus: 'Analyses by CPF',
    cards: 'Cards',
    accounts: 'Accounts',
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
        'The provider answers look-ups, but this request got no answer. Either the connection dropped after sending (the provider may have received it), or the browser never sent it because the provider does not accept the Idempotency-Key header (CORS). If this happens on every send, ask whoever deploys the app to add Idempotency-Key to the provider’s Access-Control-Allow-Headers, or to turn the sendIdempotencyKey key off.',
      timeout: 'The provider did not answer in time ({{seconds}} s). Try again.',
      server: 'The provider failed (HTTP {{status}}).',
      serverNoBody: 'The provider is unavailable right now (HTTP {{status}}). Try again in a moment.',
      tryLater: 'Try again later.',
      contract:
        'The provider’s answer breaks the contract ({{field}}). Try again; if it persists, tell the support team.',
      contractBody: 'response body',
      forbidden: 'Not allowed: the current token does not give access to this operation.',
      rateLimited: 'Too many requests in a short time. Wait {{seconds}} s and try again.',
      rateLimitedNoWait: 'Too many requests in a short time. Wait a little and try again.',
      unauthorized: 'Session expired. Enter a new token to continue.',
      refusedOrigin:
        'Call not sent: the configured address points outside the provider’s server. Tell support (configuration).',
      clientError: 'The provider refused the request (HTTP {{status}}).',
      unexpected: 'Unexpected error. Try again; if it persists, tell the support team.',
    },
  },
  copyCode: {
    copy: 'Copy code {{code}}',
    copied: 'Copied',
    copyFailed: 'Could not copy; select the code and press Ctrl+C.',
  },
  placeholder: {
    title: 'Under construction',
    body: 'This screen is not available yet.',
  },
};
