/**
 * Every route of the app, in one place: the router, the navigation and the screens that link to each
 * other read their paths here, so that renaming a route is one edit. Paths are Portuguese (what the
 * operator sees in the address bar) and never hold personal data: what one screen hands to another
 * travels in memory (src/lib/hand-off.ts).
 */
export const paths = {
  signIn: '/entrar',
  products: '/produtos',
  /** The credit application's wizard; each step adds its slug: `/proposta/nova/dados-pessoais`. */
  newApplication: '/proposta/nova',
  analysisStatus: '/analises',
  /** The batch lookup, a tab of the analysis status screen. */
  analysisBatch: '/analises/lote',
  cards: '/cartoes',
  accounts: '/contas',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The path of one step of the credit application. */
export function applicationStepPath(slug: string): string {
  return `${paths.newApplication}/${slug}`;
}

/** A router path relative to the signed-in shell at `/` (`/proposta/nova` → `proposta/nova`). */
export function childPath(path: AppPath): string {
  return path.slice(1);
}
