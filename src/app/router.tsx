import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, useLocation, type RouteObject } from 'react-router';
import { session } from '@/api/session';
import { AppBarChrome } from '@/components/app-bar-chrome';
import { prefetchToasts } from '@/components/toast-provider';
import { useTranslation } from '@/hooks/use-translation';
import { paths } from '@/config/paths';
import { SignInPage } from '@/features/auth/sign-in-page';
import { useSession } from '@/hooks/use-session';
import { NotFoundPage } from './not-found-page';
import { ChunkLoadError, RouteError } from './route-error';
import { layouts, screenNames, screenOf, type Screen, type ScreenData, type ScreenName } from './screens';

/** Resolves once someone is signed in (at once if someone is; a session that expired still counts). */
function signedIn(): Promise<void> {
  return new Promise((resolve) => {
    if (session.getState().status !== 'signed-out') return resolve();
    const stop = session.subscribe(() => {
      if (session.getState().status === 'signed-out') return;
      stop();
      resolve();
    });
  });
}

/**
 * A screen behind sign-in, loaded on first visit, once someone is signed in. A cold start has no session
 * (the token lives in memory only), so a cold start at such an address goes to sign-in (the layout's
 * fallback below) without downloading the shell and the screen first.
 * A chunk that fails to download (flaky network, or a new deployment removed it) becomes a screen that
 * says so and offers a reload, inside the working shell.
 */
function screen(load: () => Promise<ComponentType>): NonNullable<RouteObject['lazy']> {
  return async () => {
    await signedIn();
    try {
      return { Component: await load() };
    } catch {
      return { Component: ChunkLoadError };
    }
  };
}

/** What the router shows while the layout and the screen at the address load. */
function ScreenLoading() {
  const { pathname } = useLocation();
  const { status } = useSession();
  const { t } = useTranslation();
  // A signed-out visitor (every cold start): to sign-in at once, remembering the page they wanted (in
  // router state, which holds no personal data: paths never carry any). The shell does the same for a
  // session that ends while it is on screen.
  if (status === 'signed-out') return <Navigate to={paths.signIn} replace state={{ from: pathname }} />;
  // index.html's still shell, drawn by its own CSS: the same bar and spinner, nothing more to download.
  return (
    <>
      <AppBarChrome />
      <main className="shell-loading">
        <div role="progressbar" aria-label={t('app.loadingScreen')} />
      </main>
    </>
  );
}

/** A lazy route's `handle`: the modules it loads, so that they can be fetched ahead of the router. */
interface ScreenHandle {
  load: () => Promise<ComponentType>;
}

/** The route properties of a lazy screen, layout or shell: its load, and the same load as its handle. */
function lazyScreen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: screen(load), handle: { load } satisfies ScreenHandle };
}

/** The router's path of a screen: relative to its parent's (the shell at `/`, or its layout). */
function relativePath(path: string, parent: string): string {
  return path.slice(parent === '/' ? 1 : parent.length + 1);
}

/**
 * A screen's loader: asks for the screen's data (screens.ts's `data`) as its chunk is asked for, never
 * after it has arrived and rendered. It waits for nothing and never fails: the screen shows its own
 * loading and error states from the same query, and a failure stays the screen's to say (a route error
 * page would lose its messages and its retry).
 */
function dataLoader(entry: Screen, data: ScreenData | null): RouteObject['loader'] {
  const ask = entry.data;
  if (!ask || !data) return undefined;
  return () => {
    if (session.getState().status === 'active') ask(data).catch(() => undefined);
    return null;
  };
}

/** The routes of the screens (screens.ts), each a lazy chunk with its own error boundary. */
function screenRoutes(data: ScreenData | null): RouteObject[] {
  const route = (name: ScreenName, parent: string): RouteObject => {
    const entry = screenOf(name);
    const path = relativePath(entry.path, parent);
    const withParams = entry.pathParams ? `${path}/${entry.pathParams}` : path;
    return {
      ...(path === '' && !entry.pathParams ? { index: true } : { path: withParams }),
      ErrorBoundary: RouteError,
      loader: dataLoader(entry, data),
      ...lazyScreen(entry.page),
    };
  };
  const routesOfLayouts = (Object.keys(layouts) as Array<keyof typeof layouts>).map((layout) => ({
    path: relativePath(layouts[layout].path, '/'),
    ErrorBoundary: RouteError,
    ...lazyScreen(layouts[layout].page),
    children: screenNames
      .filter((name) => screenOf(name).layout === layout)
      .map((name) => route(name, layouts[layout].path)),
  }));
  const alone = screenNames.filter((name) => screenOf(name).layout === undefined);
  return [...alone.map((name) => route(name, '/')), ...routesOfLayouts];
}

/** The signed-in shell every screen is drawn in (its chunk: screens.ts's `shellChunk`). */
const shell = { page: async () => (await import('./layout/app-shell')).AppShell };

/**
 * Every screen is its own chunk, loaded when first visited, its data asked for at the same time (`data`:
 * the query client and HTTP client the app made; null, no loaders); each has its own error boundary.
 */
export function appRoutes(data: ScreenData | null): RouteObject[] {
  return [
    {
      path: paths.signIn,
      // Part of the entry, not lazy: every cold start shows it first (the token lives in memory only), and a
      // lazy screen would paint a spinner, then the screen, after its chunks had come.
      Component: SignInPage,
      ErrorBoundary: RouteError,
    },
    {
      path: '/',
      // Lazy too: a cold start always shows sign-in first, and the shell (app bar, navigation, banners) is
      // ≈ 12 KiB gzip that sign-in does not need up front. main.tsx prefetches it once sign-in has painted.
      ...lazyScreen(shell.page),
      HydrateFallback: ScreenLoading,
      children: [
        { index: true, element: <Navigate to={paths.products} replace /> },
        ...screenRoutes(data),
        { path: '*', Component: NotFoundPage, ErrorBoundary: RouteError },
      ],
    },
  ];
}

/** The routes without loaders: to find which modules an address needs (loadScreen). */
const routeTable = appRoutes(null);

/**
 * Downloads the shell and the screen at `path` (and whatever they import), without rendering them: the
 * router's own load later gets the same modules. '/' lands on the products (the index route redirects).
 */
export async function loadScreen(path: string): Promise<void> {
  const matches = matchRoutes(routeTable, path === '/' ? paths.products : path) ?? [];
  const handles = matches.map(({ route }) => route.handle as ScreenHandle | undefined);
  await Promise.all(handles.flatMap((handle) => (handle ? [handle.load()] : [])));
}

/**
 * Downloads the shell and the screen at `path` in the background (returning from the identity provider,
 * while the code is exchanged). A failure is the route's own to report when it is needed.
 */
export function prefetchScreen(path: string): void {
  loadScreen(path).catch(() => undefined);
}

/** Runs `task` when the browser is idle (at most 2 s later), or soon where it cannot say (Safari). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 50);
}

/**
 * Downloads and evaluates every screen's code, one screen per idle moment, once someone is signed in: a
 * click in the navigation then renders its screen at once, instead of waiting for its chunk to be fetched
 * and evaluated inside the click's interaction (a long task the operator feels: INP). A failure is the
 * route's own to report when it is needed.
 */
export function prefetchScreens(): void {
  const loads = [
    ...Object.values(layouts).map((layout) => layout.page),
    ...screenNames.map((name) => screenOf(name).page),
  ];
  const next = () => {
    const load = loads.shift();
    if (load)
      void load()
        .catch(() => undefined)
        .finally(() => whenIdle(next));
  };
  whenIdle(next);
}

/**
 * Downloads the shell (and the toasts' code) in the background, so that the first screen after sign-in,
 * and its first toast, do not wait for them.
 */
export function prefetchShell(): void {
  shell.page().catch(() => {
    // Offline or a new deployment: the route's own lazy load reports it when it is needed.
  });
  prefetchToasts();
}

/**
 * The app's router, already on sign-in when nobody is signed in (every cold start in token mode): the first
 * render is then sign-in itself, not a redirect to it, and nothing behind sign-in is downloaded first. The
 * page the visitor asked for is remembered in router state, as the layout's fallback does.
 */
export async function createAppRouter(data: ScreenData) {
  const router = createBrowserRouter(appRoutes(data));
  const { pathname } = router.state.location;
  if (session.getState().status === 'signed-out' && pathname !== paths.signIn)
    await router.navigate(paths.signIn, { replace: true, state: { from: pathname } });
  await initialized(router);
  return router;
}

/**
 * Resolves once the router has loaded the screen at its address (a signed-in start: the return from the
 * identity provider), so that the app's first render is that screen and not the loading fallback:
 * index.html's still shell stays until the screen replaces it.
 */
function initialized(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export type AppRouter = Awaited<ReturnType<typeof createAppRouter>>;
