/**
 * Which config.json each test's pages read. The preview server serves one config for every worker (the
 * sandbox server's root store); each test talks to its own store instead (e2e/support/sandbox-stores.ts),
 * and may change a setting for itself (a time-out, a flag, another URL) without a server of its own.
 *
 * Done inside the page, where the app reads its configuration, rather than with Playwright's request
 * routing: a routed browser context stops sending CORS preflights, and several specs are about what a
 * provider's CORS refuses. The app reads the JSON data block the server stamped into the page
 * (src/config/load-config.ts), and only without one fetches /config.json: both are patched.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
      // The stamped data block, rewritten when the app looks it up (once: its start reads it once).
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its document below
      const byId = Document.prototype.getElementById;
      let stampedRead = false;
      Document.prototype.getElementById = function getElementById(this: Document, id: string) {
        const element = byId.call(this, id);
        if (id !== 'runtime-config' || element === null || stampedRead) return element;
        stampedRead = true;
        let stamped: unknown = null;
        try {
          stamped = JSON.parse(element.textContent);
        } catch {
          return element; // a broken block is the app's to report
        }
        if (typeof stamped !== 'object' || stamped === null) return element;
        if ((stamped as Record<string, unknown>).baseUrl !== `${root}/api`) return element;
        element.textContent = JSON.stringify({ ...stamped, ...overrides, ...window.__e2eConfigPatch });
        return element;
      };
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

/**
 * The page as a plain static host serves it: the build's index.html, without a first frame or a stamped
 * configuration, so that the app fetches /config.json (which the test may route). For the app's
 * fallback when no server stamps the page (docs/decisions/021-first-frame-from-the-html.md).
 */
export async function servePlainPage(page: Page) {
  const html = readFileSync(path.resolve('dist/index.html'), 'utf8');
  await page.route(
    (url) => !/\.[a-z0-9]+$/i.test(url.pathname),
    (route) =>
      route.request().isNavigationRequest()
        ? route.fulfill({ contentType: 'text/html; charset=utf-8', body: html })
        : route.fallback(),
  );
}
