/**
 * What every test is checked for besides its own assertions (the automatic `runtimeGuard` fixture): no
 * page error, no console error from the app, no CSP violation, and none of the values PrivacyWatch holds
 * in a URL, title, storage, cookie or history.state. A test that provokes one of these errors on purpose
 * says so through RuntimeExpectations (the `runtime` fixture).
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { PrivacyWatch } from './privacy-watch';

/** What a test provokes on purpose (a CSP violation, say), so that the runtime guard lets it pass. */
export class RuntimeExpectations {
  readonly allowedConsoleErrors: RegExp[] = [];
  allowConsoleError(pattern: RegExp) {
    this.allowedConsoleErrors.push(pattern);
  }
}

declare global {
  interface Window {
    __cspViolations?: string[];
    /** Set only by a script that must never run (the sandbox's XSS payloads, an inline script CSP blocks). */
    __x?: unknown;
  }
}

/** The guard around one test: started before it, checked after it. */
export interface RuntimeGuard {
  /** Fails the test with every problem seen during it and left behind by it. */
  check(): Promise<void>;
}

/**
 * Listens to the page from before the test's first navigation: page errors, console errors, CSP
 * violations, and every request URL, page URL and title, for the sweep that `check()` runs after it.
 */
export async function startRuntimeGuard(
  page: Page,
  context: BrowserContext,
  privacy: PrivacyWatch,
  runtime: RuntimeExpectations,
): Promise<RuntimeGuard> {
  const problems: string[] = [];
  const requestUrls: string[] = [];
  const titles: string[] = [];
  const pageUrls: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Chromium itself reports every non-2xx or dropped fetch as "Failed to load resource"; the
    // tests inject those on purpose. Anything else at error level comes from the app.
    const text = message.text();
    const expected = runtime.allowedConsoleErrors.some((pattern) => pattern.test(text));
    if (message.type() === 'error' && !expected && !text.startsWith('Failed to load resource:')) {
      problems.push(`console.error: ${text}`);
    }
  });
  page.on('request', (request) => requestUrls.push(request.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pageUrls.push(frame.url());
  });
  page.on('load', () => {
    void page.title().then(
      (title) => titles.push(title),
      () => undefined,
    );
  });

  return {
    async check() {
      if (!page.isClosed() && page.url().startsWith('http')) {
        titles.push(await page.title());
        pageUrls.push(page.url());
        const csp = await page.evaluate(() => window.__cspViolations ?? []);
        problems.push(...csp.map((violation) => `CSP violation: ${violation}`));
        const stored = await page.evaluate(() => {
          const dump = (storage: Storage) =>
            Array.from({ length: storage.length }, (_, index) => {
              const key = storage.key(index) ?? '';
              return `${key}=${storage.getItem(key) ?? ''}`;
            }).join('\n');
          return `${dump(localStorage)}\n${dump(sessionStorage)}\n${document.cookie}\n${JSON.stringify(history.state)}`;
        });
        const cookies = JSON.stringify(await context.cookies());
        for (const secret of privacy.secrets) {
          const places = {
            urls: [
              ...requestUrls.filter(
                (url) => !privacy.allowedRequestUrls.some((pattern) => pattern.test(url)),
              ),
              ...pageUrls,
            ].join('\n'),
            titles: titles.join('\n'),
            storage: stored,
            cookies,
          };
          for (const [place, text] of Object.entries(places)) {
            if (text.includes(secret)) problems.push(`"${secret}" found in ${place}`);
          }
        }
      }
      if (!page.isClosed() && page.url().startsWith('http')) {
        const left = await page.evaluate(
          () =>
            `${location.href}\n${JSON.stringify(history.state)}\n${Object.keys(sessionStorage).join('\n')}`,
        );
        const storedNow = await page.evaluate(() =>
          [localStorage, sessionStorage]
            .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`))
            .join('\n'),
        );
        // Web Storage holds one thing only: an OpenID Connect round trip's state (`oidc.` in sessionStorage).
        const storedKeys = await page.evaluate(() => ({
          local: Object.keys(localStorage),
          session: Object.keys(sessionStorage),
        }));
        for (const key of storedKeys.local) problems.push(`localStorage key "${key}"`);
        for (const key of storedKeys.session.filter((name) => !name.startsWith('oidc.'))) {
          problems.push(`sessionStorage key "${key}"`);
        }
        for (const value of privacy.transient) {
          if (left.includes(value) || storedNow.includes(value)) problems.push(`"${value}" left behind`);
        }
      }
      expect(problems, 'runtime guard').toEqual([]);
    },
  };
}
