import { paths } from '@/config/paths';
import { screenNames, screenOf } from '../screens';

/**
 * The screen a path belongs to, by name: what a report says instead of the URL. Only the app's own route
 * prefixes are known (sign-in's, and each screen's: screens.ts); anything else (a mistyped address, where
 * someone might have pasted a CPF) is "not-found", and a wizard step's slug is left out. The longest
 * prefix wins: the batch's `/analises/lote` is the status screen's tab, reported by its own name there.
 */
const prefixes: ReadonlyArray<readonly [prefix: string, name: string]> = [
  [`${paths.signIn}/retorno`, 'sign-in-callback'] as const,
  [paths.signIn, 'sign-in'] as const,
  ...screenNames.map((name) => [screenOf(name).path, screenOf(name).report] as const),
].sort(([a], [b]) => b.length - a.length);

export function routeName(pathname: string): string {
  if (pathname === '/') return 'home';
  for (const [prefix, name] of prefixes) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return name;
  }
  return 'not-found';
}
