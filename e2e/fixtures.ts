import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const SANDBOX_URL = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4400';
export const SANDBOX_TOKENS = ['sandbox-operator', 'sandbox-analyst', 'sandbox-expired'] as const;

export type FaultEndpoint =
  'products' | 'creditRequest' | 'analysisStatus' | 'createVirtualCard' | 'cancelCard' | 'allAccounts' | '*';

export interface Fault {
  endpoint: FaultEndpoint;
  kind: string;
  times?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
}

/** Drives the HTTP sandbox's control endpoints (docs/sandbox.md). */
export class SandboxControl {
  constructor(private readonly request: APIRequestContext) {}

  async reset(options: { accountCount?: number } = {}) {
    const response = await this.request.post(`${SANDBOX_URL}/__sandbox/reset`, { data: options });
    expect(response.ok()).toBe(true);
  }

  async fault(fault: Fault) {
    const response = await this.request.post(`${SANDBOX_URL}/__sandbox/faults`, { data: fault });
    expect(response.ok()).toBe(true);
  }

  /** The last credit request body the sandbox processed (and its Idempotency-Key), or null. */
  async lastRequest(endpoint: FaultEndpoint): Promise<unknown> {
    const response = await this.request.get(`${SANDBOX_URL}/__sandbox/last-request?endpoint=${endpoint}`);
    expect(response.ok()).toBe(true);
    const answer: unknown = await response.json();
    return typeof answer === 'object' && answer !== null && 'request' in answer ? answer.request : null;
  }

  async stats(): Promise<unknown> {
    const response = await this.request.get(`${SANDBOX_URL}/__sandbox/stats`);
    expect(response.ok()).toBe(true);
    return response.json();
  }
}

/** Values that must never leave memory: the tokens, plus whatever a test registers (CPFs, names). */
class PrivacyWatch {
  readonly secrets = new Set<string>(SANDBOX_TOKENS);
  readonly allowedRequestUrls: RegExp[] = [];
  watch(value: string) {
    this.secrets.add(value);
  }
  /**
   * Request URLs the interface itself fills with personal data (the status lookup's
   * `/v1/cards/request/{document}/` carries the CPF by contract), left out of the URL sweep. Page URLs,
   * titles and storage are still swept.
   */
  allowInRequestUrl(pattern: RegExp) {
    this.allowedRequestUrls.push(pattern);
  }
}

/** What a test provokes on purpose (a CSP violation, say), so that the runtime guard lets it pass. */
class RuntimeExpectations {
  readonly allowedConsoleErrors: RegExp[] = [];
  allowConsoleError(pattern: RegExp) {
    this.allowedConsoleErrors.push(pattern);
  }
}

interface Fixtures {
  sandbox: SandboxControl;
  privacy: PrivacyWatch;
  runtime: RuntimeExpectations;
  runtimeGuard: void;
}

declare global {
  interface Window {
    __cspViolations?: string[];
    __x?: unknown;
  }
}

export const test = base.extend<Fixtures>({
  // Every test starts on a freshly seeded sandbox, whether or not it drives the sandbox itself.
  sandbox: [
    async ({ request }, use) => {
      const control = new SandboxControl(request);
      await control.reset();
      await use(control);
      await control.reset(); // also releases any request a 'hang' fault still holds
    },
    { auto: true },
  ],

  privacy: async ({}, use) => {
    await use(new PrivacyWatch());
  },

  runtime: async ({}, use) => {
    await use(new RuntimeExpectations());
  },

  /**
   * Runs around every test: fails it on a page error, a console error or a CSP violation, and sweeps
   * URLs, titles, storage and cookies for the token and registered personal data.
   */
  runtimeGuard: [
    async ({ page, context, privacy, runtime }, use) => {
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

      await use();

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
      expect(problems, 'runtime guard').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Zero axe violations under the WCAG 2.0/2.1/2.2 A and AA tags, plus `label-content-name-mismatch`. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (a name that contains the visible text) is an experimental axe rule, off under the
    // tags; enabled here, in the same pass. (options() replaces what withTags() set: it comes first.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations in state "${label}"`).toEqual([]);
}

/** Signs in with one click on a sandbox token. */
export async function signInWithSandboxToken(page: Page, label: RegExp = /Operador/) {
  await page.goto('/');
  await page.getByRole('button', { name: label }).click();
}
