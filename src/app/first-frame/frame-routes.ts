import { paths } from '../../config/paths';

/**
 * The first frames the build prerenders (src/app/first-frame/render-first-frames.tsx), per sign-in mode,
 * and which one a server sends for a path. Token sign-in: sign-in everywhere (a cold start always shows
 * it: the token lives in memory only). OpenID Connect: sign-in at the sign-in path, the entering frame
 * ("Entrando") at every other one (a cold start there leaves for the identity provider, or comes back
 * from it). nginx's map of the frames is rendered from this table (scripts/deploy/render.ts).
 */
export const firstFrameFiles = ['entrar', 'entrando'] as const;

export type FirstFrameFile = (typeof firstFrameFiles)[number];

/** The sign-in modes, each with its own frames: what a cold start of that mode shows first. */
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

/** The frames a variant has: the entering frame only where a cold start can leave for the provider. */
export function framesOf(variant: FirstFrameVariant): FirstFrameFile[] {
  return variant.startsWith('oidc-') ? ['entrar', 'entrando'] : ['entrar'];
}

/** Which frame each path gets: `exact` paths first, every other path `otherwise`. */
export interface FirstFrameRoutes {
  exact: ReadonlyMap<string, FirstFrameFile>;
  otherwise: FirstFrameFile;
}

export function firstFrameRoutes(config: {
  mode: string;
  auth?: { type: string; redirectPath?: string };
}): FirstFrameRoutes {
  if (firstFrameVariant(config).startsWith('token-')) return { exact: new Map(), otherwise: 'entrar' };
  const redirectPath = config.auth?.redirectPath ?? `${paths.signIn}/retorno`;
  // The identity provider's return (and its pop-up) is entering even where it is the sign-in path.
  const exact = new Map<string, FirstFrameFile>([
    [paths.signIn, 'entrar'],
    [`${paths.signIn}/`, 'entrar'],
    [redirectPath, 'entrando'],
    [`${redirectPath}/popup`, 'entrando'],
  ]);
  return { exact, otherwise: 'entrando' };
}

/** The frame a server sends for `pathname` under this configuration. */
export function firstFrameFor(
  pathname: string,
  config: { mode: string; auth?: { type: string; redirectPath?: string } },
): FirstFrameFile {
  const routes = firstFrameRoutes(config);
  return routes.exact.get(pathname) ?? routes.otherwise;
}
