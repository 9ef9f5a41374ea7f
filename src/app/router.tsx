import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { childPath, paths } from '@/config/paths';
import { SignInPage } from '@/features/auth/sign-in-page';
import { NotFoundPage } from './not-found-page';
import { ChunkLoadError, RouteError } from './route-error';

/**
 * A route's screen, loaded on first visit. A chunk that fails to download (flaky network, or a new
 * deployment removed it) becomes a screen that says so and offers a reload, inside the working shell.
 */
function screen(load: () => Promise<ComponentType>): NonNullable<RouteObject['lazy']> {
  return async () => {
    try {
      return { Component: await load() };
    } catch {
      return { Component: ChunkLoadError };
    }
  };
}

function FullPageLoading() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Carregando / Loading" />
    </Box>
  );
}

/** Every screen is its own chunk, loaded when first visited; each has its own error boundary. */
export const routes: RouteObject[] = [
  {
    path: paths.signIn,
    // Part of the entry, not lazy: every cold start shows it first (the token lives in memory only), and a
    // lazy screen would paint a spinner, then the screen, after its chunks had come (issue 14).
    Component: SignInPage,
    ErrorBoundary: RouteError,
  },
  {
    path: '/',
    // Lazy too: a cold start always shows sign-in first, and the shell (app bar, navigation, banners) is
    // ≈ 12 KiB gzip that sign-in does not need up front (issue 14). main.tsx prefetches it once idle.
    lazy: screen(async () => (await import('./layout/app-shell')).AppShell),
    HydrateFallback: FullPageLoading,
    children: [
      { index: true, element: <Navigate to={paths.products} replace /> },
      {
        path: childPath(paths.products),
        ErrorBoundary: RouteError,
        lazy: screen(async () => (await import('@/features/products/products-page')).ProductsPage),
      },
      {
        // The step is in the path (`/proposta/nova/dados-pessoais`) so that Back moves between steps;
        // without one, the page redirects to the first step.
        path: `${childPath(paths.newApplication)}/:etapa?`,
        ErrorBoundary: RouteError,
        lazy: screen(
          async () =>
            (await import('@/features/credit-application/credit-application-page')).CreditApplicationPage,
        ),
      },
      {
        // One CPF and the batch: two tabs of one screen, under a layout that keeps what they share.
        path: childPath(paths.analysisStatus),
        ErrorBoundary: RouteError,
        lazy: screen(async () => (await import('@/features/analysis-status/analysis-layout')).AnalysisLayout),
        children: [
          {
            index: true,
            ErrorBoundary: RouteError,
            lazy: screen(
              async () =>
                (await import('@/features/analysis-status/analysis-status-page')).AnalysisStatusPage,
            ),
          },
          {
            // `lote`: the batch's path relative to the layout's.
            path: paths.analysisBatch.slice(paths.analysisStatus.length + 1),
            ErrorBoundary: RouteError,
            lazy: screen(
              async () => (await import('@/features/analysis-status/batch-page')).AnalysisBatchPage,
            ),
          },
        ],
      },
      {
        path: childPath(paths.cards),
        ErrorBoundary: RouteError,
        lazy: screen(async () => (await import('@/features/cards/cards-page')).CardsPage),
      },
      {
        path: childPath(paths.accounts),
        ErrorBoundary: RouteError,
        lazy: screen(async () => (await import('@/features/accounts/accounts-page')).AccountsPage),
      },
      { path: '*', Component: NotFoundPage, ErrorBoundary: RouteError },
    ],
  },
];

/** Downloads the shell in the background, so that the first screen after sign-in does not wait for it. */
export function prefetchShell(): void {
  import('./layout/app-shell').catch(() => {
    // Offline or a new deployment: the route's own lazy load reports it when it is needed.
  });
}

/**
 * Downloads the shell and the screen at `path` in the background (returning from the identity provider,
 * while the code is exchanged). Calling a route's `lazy` starts its import; the router's own call later
 * gets the same module. The matches include the layout route `/`, whose `lazy` is the shell.
 */
export function prefetchScreen(path: string): void {
  // '/' lands on the products (the index route redirects there).
  for (const { route } of matchRoutes(routes, path === '/' ? paths.products : path) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
