import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import type { IdentityProviderAuth } from '@/api/identity-provider';
import { createServices } from '@/api/services';
import { session } from '@/api/session';
import { initI18n, type SupportedLanguage } from '@/app/i18n/i18n';
import { AppProviders } from '@/app/providers';
import { bindSessionCleanup, createAppQueryClient } from '@/app/query-client';
import { appRoutes, loadScreen } from '@/app/router';
import { parseRuntimeConfig } from '@/config/load-config';
import type { RuntimeConfig } from '@/config/config-schema';
import { createTestSandbox, type TestSandbox } from '@/sandbox/node';

/**
 * A second sandbox answering with another profile's readings (src/sandbox/profiles.ts), for one test:
 * `sandbox.server.use(...otherProfile('english').handlers)` puts it in front until the handlers reset.
 */
export function otherProfile(profile: string) {
  const other = createTestSandbox({ profile });
  return { store: other.store, handlers: other.server.listHandlers() };
}

/** One sandbox (MSW in Node) for a test file; page tests talk to it through the real fetch client. */
export function setupTestSandbox() {
  const sandbox = createTestSandbox();
  beforeAll(() => sandbox.server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => resetAfterTest(sandbox));
  afterAll(() => sandbox.server.close());
  return sandbox;
}

/** What every page test leaves behind is undone: the page, the sandbox's handlers and data, the session. */
function resetAfterTest(sandbox: TestSandbox) {
  cleanup(); // unmount first, so that signing out below updates no mounted component
  sandbox.server.resetHandlers();
  sandbox.store.reset();
  session.signOut();
}

interface RenderRouteOptions {
  sandbox: { baseUrl: string; accountsBaseUrl: string };
  /** Signed in with this token first; null renders signed out. */
  token?: string | null;
  /** The subject of a checked ID token (OpenID Connect) to sign in with; none in token mode. */
  verifiedSubject?: string;
  language?: SupportedLanguage;
  config?: Partial<RuntimeConfig>;
  /** Keep the app's retry rule (off by default: docs/requirements.md asks page tests for `retry: false`). */
  retries?: boolean;
  /** Router state of the first entry, e.g. a hand-off from another screen (src/lib/hand-off.ts). */
  state?: unknown;
  /** The OpenID Connect sign-in the services carry (a stand-in: oidc-auth.ts runs end to end only). */
  identityProvider?: IdentityProviderAuth;
}

function testConfig(options: Pick<RenderRouteOptions, 'sandbox' | 'config'>): RuntimeConfig {
  return parseRuntimeConfig({
    mode: 'sandbox',
    sandboxWorker: false,
    baseUrl: options.sandbox.baseUrl,
    accountsBaseUrl: options.sandbox.accountsBaseUrl,
    environmentName: 'Teste',
    requestTimeoutMs: 5000,
    ...options.config,
  });
}

/** Renders the whole app (real providers, real routes) at `path`, against the test sandbox. */
export function renderRoute(path: string, options: RenderRouteOptions) {
  initI18n(options.language ?? 'pt-BR');
  const config = testConfig(options);
  const services = createServices(config, { session, identityProvider: options.identityProvider });
  const queryClient = createAppQueryClient();
  if (!options.retries)
    queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  else
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 1 },
    });
  const unbind = bindSessionCleanup(session, queryClient);
  const token = options.token === undefined ? 'sandbox-operator' : options.token;
  if (token !== null)
    session.signIn(token, options.verifiedSubject ? { verifiedSubject: options.verifiedSubject } : undefined);
  const router = createMemoryRouter(appRoutes({ queryClient, http: services.http }), {
    initialEntries: [options.state === undefined ? path : { ...parsePath(path), state: options.state }],
  });
  // No timer between keys: the events and their order are the same, without a macrotask per key.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders config={config} services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient, services, unbind };
}

/**
 * Renders `ui` inside the app's providers (config, services, query client, preferences, theme, toasts)
 * without routes or a session: for a piece of a screen that needs no network.
 */
export function renderInProviders(
  ui: ReactNode,
  options: Pick<RenderRouteOptions, 'sandbox' | 'config' | 'language'>,
) {
  initI18n(options.language ?? 'pt-BR');
  const config = testConfig(options);
  return render(
    <AppProviders
      config={config}
      services={createServices(config, { session })}
      queryClient={createAppQueryClient()}
    >
      {ui}
    </AppProviders>,
  );
}

/**
 * Loads the lazy screens of `path` ahead of a test (in a `beforeAll`), so that the test's waits are for
 * the screen's state, not for a first import that takes tens of seconds on a loaded machine.
 */
export async function preloadRoute(path: string): Promise<void> {
  await loadScreen(path);
}

/**
 * Renders a file's screen once before its tests (in a `beforeAll`): `render` renders it and waits until
 * it is ready, then all is undone as after a test. A worker's first render of a screen pays once what no
 * later one does: the lazy chunks, the compilation of the code it runs (React, MUI, the screen) and the
 * styles MUI writes into the page. Paid here, it is not counted in whichever test comes first, and every
 * test measures its own work, whatever order or filter it runs in.
 */
export async function warmUp(sandbox: TestSandbox, render: () => Promise<unknown>): Promise<void> {
  try {
    await render();
  } finally {
    resetAfterTest(sandbox);
  }
}

/**
 * `warmUp` with the screen at `path`, ready once `ready` passes (retried as in `waitFor`, with room for a
 * busy machine within the hook's 10 s).
 */
export async function warmUpRoute(
  sandbox: TestSandbox,
  path: string,
  ready: () => unknown,
  options: Omit<RenderRouteOptions, 'sandbox'> = {},
): Promise<void> {
  await preloadRoute(path);
  await warmUp(sandbox, async () => {
    renderRoute(path, { ...options, sandbox });
    await waitFor(ready, { timeout: 8_000 });
  });
}
