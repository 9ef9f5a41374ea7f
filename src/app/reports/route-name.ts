import { paths } from '@/config/paths';

/**
 * The screen a path belongs to, by name: what a report says instead of the URL. Only the app's own route
 * prefixes are known; anything else (a mistyped address, where someone might have pasted a CPF) is
 * "not-found", and a wizard step's slug is left out.
 */
const screens: ReadonlyArray<readonly [prefix: string, name: string]> = [
  [`${paths.signIn}/retorno`, 'sign-in-callback'],
  [paths.signIn, 'sign-in'],
  [paths.products, 'products'],
  [paths.newApplication, 'credit-application'],
  [paths.analysisStatus, 'analysis-status'],
  [paths.cards, 'cards'],
  [paths.accounts, 'accounts'],
];

export function routeName(pathname: string): string {
  if (pathname === '/') return 'home';
  for (const [prefix, name] of screens) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return name;
  }
  return 'not-found';
}
