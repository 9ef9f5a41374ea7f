import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { HttpClient } from '@/api/http-client';
import { ACCOUNTS_READ_SCOPE, scopeStatus } from '@/api/scopes';
import { session } from '@/api/session';
import { paths } from '@/config/paths';

/** What a screen's data is asked with: the app's query client and HTTP client (main.tsx makes them). */
export interface ScreenData {
  queryClient: QueryClient;
  http: HttpClient;
}

/**
 * The credit products, for the screens that show them (the list, the application's product step). The
 * query options come with a module of their own, so that the up-front download stays sign-in's.
 */
async function products({ queryClient, http }: ScreenData): Promise<unknown> {
  const { productQueries } = await import('@/api/products');
  return queryClient.query(productQueries.list(http));
}

/** The account list, where the session may read it (the screen says why not, without asking). */
async function accountList({ queryClient, http }: ScreenData): Promise<unknown> {
  if (scopeStatus(session.getState(), ACCOUNTS_READ_SCOPE) === 'missing') return null;
  const { accountQueries } = await import('@/api/accounts/accounts');
  return queryClient.query(accountQueries.list(http));
}

/**
 * Every screen behind sign-in, once, in the navigation's order. What the app and its tooling know of a
 * screen comes from here: the router's lazy routes (router.tsx), the navigation's items (nav-drawer.tsx,
 * whose icons and labels are tables the compiler holds to these names), the screen's name in the
 * operational reports (reports/route-name.ts) and the JavaScript a cold start on it may download
 * (scripts/build/check-bundle-size.ts). A new screen is its folder in src/features and an entry here.
 *
 * Each entry: the screen's address (src/config/paths.ts, where screens that link to it read it too); its
 * page, a lazy chunk of its own, and that chunk's source file (the build manifest's name for it); the
 * layout route it sits in, if any; whether the navigation lists it; its name in reports; its budget,
 * the KiB of gzip JavaScript a cold start on it downloads with the shell (docs/decisions/004-bundle-budget.md);
 * and the data it shows first, asked for by its route's loader as its chunk is (router.tsx).
 */
export const screens = {
  products: {
    path: paths.products,
    page: async () => (await import('@/features/products/products-page')).ProductsPage,
    chunk: 'src/features/products/products-page.tsx',
    inNavigation: true,
    report: 'products',
    budgetKiB: 219,
    data: products,
  },
  newApplication: {
    // The step is in the path (`/proposta/nova/dados-pessoais`) so that Back moves between steps; without
    // one, the page redirects to the first step.
    path: paths.newApplication,
    pathParams: ':etapa?',
    page: async () =>
      (await import('@/features/credit-application/credit-application-page')).CreditApplicationPage,
    chunk: 'src/features/credit-application/credit-application-page.tsx',
    inNavigation: true,
    report: 'credit-application',
    budgetKiB: 281,
    data: products,
  },
  analysisStatus: {
    path: paths.analysisStatus,
    layout: 'analysis',
    page: async () =>
      (await import('@/features/analysis-status/lookup/analysis-status-page')).AnalysisStatusPage,
    chunk: 'src/features/analysis-status/lookup/analysis-status-page.tsx',
    inNavigation: true,
    report: 'analysis-status',
    budgetKiB: 235,
  },
  analysisBatch: {
    // A tab of the status screen: the navigation's "Análises por CPF" is current on it too.
    path: paths.analysisBatch,
    layout: 'analysis',
    page: async () => (await import('@/features/analysis-status/batch/batch-page')).AnalysisBatchPage,
    chunk: 'src/features/analysis-status/batch/batch-page.tsx',
    inNavigation: false,
    report: 'analysis-batch',
    budgetKiB: 252,
  },
  cards: {
    path: paths.cards,
    page: async () => (await import('@/features/cards/cards-page')).CardsPage,
    chunk: 'src/features/cards/cards-page.tsx',
    inNavigation: true,
    report: 'cards',
    budgetKiB: 263,
    data: accountList,
  },
  accounts: {
    path: paths.accounts,
    page: async () => (await import('@/features/accounts/accounts-page')).AccountsPage,
    chunk: 'src/features/accounts/accounts-page.tsx',
    inNavigation: true,
    report: 'accounts',
    budgetKiB: 251,
    data: accountList,
  },
} satisfies Record<string, Screen>;

export interface Screen {
  path: string;
  /** Path parameters after the screen's path (React Router's syntax). */
  pathParams?: string;
  /** The layout route the screen sits in, shared with its sibling tabs. */
  layout?: keyof typeof layouts;
  page: () => Promise<ComponentType>;
  chunk: string;
  inNavigation: boolean;
  report: string;
  budgetKiB: number;
  /** Asks for the data the screen shows first (a query the screen reads with the same options). */
  data?: (data: ScreenData) => Promise<unknown>;
}

/**
 * The layout routes screens share: the analysis status's tabs (one CPF, the batch) keep the batch's leave
 * guard registered across both. Its address is its first tab's.
 */
export const layouts = {
  analysis: {
    path: paths.analysisStatus,
    page: async () => (await import('@/features/analysis-status/analysis-layout')).AnalysisLayout,
    chunk: 'src/features/analysis-status/analysis-layout.tsx',
  },
} as const;

/**
 * The chunk of the signed-in shell every screen is drawn in (router.tsx loads it): it counts in every
 * screen's budget.
 */
export const shellChunk = 'src/app/layout/app-shell.tsx';

/**
 * Sign-in's own budget: what every cold start downloads before its first paint (index.html's entry and
 * what it preloads, in at most 3 files), sign-in's first render being the app's (decision 030). The bare
 * stack (bench/floor: React, MUI, React Router, TanStack Query, one screen) is 145 KiB of it.
 */
export const signInBudget = { path: paths.signIn, budgetKiB: 186, maxFiles: 3 } as const;

export type ScreenName = keyof typeof screens;

/** The screens the navigation lists, in its order. */
export type NavigationScreen = {
  [Name in ScreenName]: (typeof screens)[Name]['inNavigation'] extends true ? Name : never;
}[ScreenName];

/** Every screen's name, in the navigation's order. */
export const screenNames = Object.keys(screens) as ScreenName[];

/** A screen's entry, as the general shape every entry has. */
export function screenOf(name: ScreenName): Screen {
  return screens[name];
}

export const navigationScreens = screenNames.filter(
  (name): name is NavigationScreen => screenOf(name).inNavigation,
);
