/**
 * Which config.json each test's pages read. The preview server serves one config for every worker (the
 * sandbox server's root store); each test talks to its own store instead (e2e/support/sandbox-stores.ts),
 * and may change a setting for itself (a time-out, a flag, another URL) without a server of its own.
 *
 * Done inside the page, where the app reads its configuration, rather than with Playwright's request
 * routing: a routed browser context stops sending CORS preflights, and several specs are about what a
 * provider's CORS refuses. The app fetches /config.json (src/config/load-config.ts): its answer is
 * patched.
 */
import type { BrowserContext, Page } from '@playwright/test';

declare global {
  interface Window {
    /** This test's changes to config.json (patchConfig). */
    __e2eConfigPatch?: Record<string, unknown>;
  }
}

/** This test's deployment: the served config.json with `patch` over it (set before the app loads). */
export async function patchConfig(page: Page, patch: Record<string, unknown>) {
  await page.context().addInitScript((more) => {
    window.__e2eConfigPatch = { ...window.__e2eConfigPatch, ...more };
  }, patch);
}

/**
 * Every page of `context` reads the served config.json pointed at the test's store (`store`: its base
 * URLs and the keys its profile needs) instead of `rootBase` (the store the server's config names), with
 * the test's patch over it. A config that does not name `rootBase` (a broken one, a provider's, served
 * by a test's own route) is left as it is.
 */
export async function serveStoreConfig(
  context: BrowserContext,
  rootBase: string,
  store: Record<string, unknown>,
) {
  await context.addInitScript(
    ({ root, overrides }) => {
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (new URL(url, location.href).pathname !== '/config.json' || !response.ok) return response;
        const served: unknown = await response
          .clone()
          .json()
          .catch(() => null);
        if (typeof served !== 'object' || served === null) return response;
        if ((served as Record<string, unknown>).baseUrl !== `${root}/api`) return response;
        const config = { ...served, ...overrides, ...window.__e2eConfigPatch };
        return new Response(JSON.stringify(config), { status: response.status, headers: response.headers });
      };
    },
    { root: rootBase, overrides: store },
  );
}
