import { paths } from '../../config/paths';

/**
 * The first frames the build prerenders (src/app/first-frame/render-first-frames.tsx), one HTML file each
 * per sign-in mode, and which one a server sends for a path. nginx keeps the same table as a `map`
 * (deploy/nginx/nginx.conf.template), checked against this one by e2e/nginx/first-frame.nginx.ts.
 */
export const firstFrameNames = [
  'entrar',
  'retorno',
  'produtos',
  'proposta-nova',
  'analises',
  'analises-lote',
  'cartoes',
  'contas',
  'nao-encontrada',
] as const;

export type FirstFrameName = (typeof firstFrameNames)[number];

/** The sign-in modes, each with its own set of frames: what a cold start of that mode shows first. */
export const firstFrameVariants = [
  'token-provider',
  'token-sandbox',
  'oidc-provider',
  'oidc-sandbox',
] as const;

export type FirstFrameVariant = (typeof firstFrameVariants)[number];

export function firstFrameVariant(config: { mode: string; auth?: { type: string } }): FirstFrameVariant {
  const auth = config.auth?.type === 'oidc' ? 'oidc' : 'token';
  return `${auth}-${config.mode === 'sandbox' ? 'sandbox' : 'provider'}`;
}

/** A screen's path, with or without a trailing slash. */
const at = (path: string) => (pathname: string) => pathname === path || pathname === `${path}/`;

const screens: Array<[(pathname: string) => boolean, FirstFrameName]> = [
  [(pathname) => pathname === '/' || pathname === '/index.html', 'produtos'],
  [at(paths.signIn), 'entrar'],
  [at(paths.products), 'produtos'],
  [
    (pathname) => at(paths.newApplication)(pathname) || /^\/proposta\/nova\/[^/]+\/?$/.test(pathname),
    'proposta-nova',
  ],
  [at(paths.analysisStatus), 'analises'],
  [at(paths.analysisBatch), 'analises-lote'],
  [at(paths.cards), 'cartoes'],
  [at(paths.accounts), 'contas'],
];

/**
 * The frame a server sends for `pathname`: the screen's own, the identity provider's return (and its
 * pop-up) at `redirectPath`, and the not-found page's for any other path. In token mode every frame of
 * the set is the sign-in page (a cold start there always shows it: the token lives in memory only).
 */
export function firstFrameFor(
  pathname: string,
  redirectPath: string = `${paths.signIn}/retorno`,
): FirstFrameName {
  if (pathname === redirectPath || pathname === `${redirectPath}/popup`) return 'retorno';
  return screens.find(([matches]) => matches(pathname))?.[1] ?? 'nao-encontrada';
}
