import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { sandboxProfile } from '../src/sandbox/profiles';

export const SANDBOX_URL = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4400';

/**
 * Where a sandbox profile lives on the one e2e sandbox server (`--all-profiles`): its own store under
 * `/profiles/<name>/`, same origin (so the preview's CSP connect-src already allows it). Null: the root.
 */
export function profileBase(profile: string | null): string {
  return profile === null ? SANDBOX_URL : `${SANDBOX_URL}/profiles/${profile}`;
}

/** e2e/config.e2e.json pointed at a profile's base URLs, with the config keys its readings call for. */
export function profileConfig(profile: string): Record<string, unknown> {
  const template: unknown = JSON.parse(readFileSync('e2e/config.e2e.json', 'utf8'));
  const base = profileBase(profile);
  return {
    ...(typeof template === 'object' && template !== null ? template : {}),
    baseUrl: `${base}/api`,
    accountsBaseUrl: `${base}/accounts`,
    environmentName: `E2E ${profile}`,
    ...sandboxProfile(profile).appConfig,
  };
}
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
  constructor(
    private readonly request: APIRequestContext,
    /** The sandbox's base: the server root, or a profile's `/profiles/<name>`. */
    readonly base: string = SANDBOX_URL,
  ) {}

  async reset(
    options: {
      accountCount?: number;
      ignoreIdempotencyKey?: boolean;
      seedAnalyses?: number;
      statusDelayMs?: number;
    } = {},
  ) {
    const response = await this.request.post(`${this.base}/__sandbox/reset`, { data: options });
    expect(response.ok()).toBe(true);
  }

  async fault(fault: Fault) {
    const response = await this.request.post(`${this.base}/__sandbox/faults`, { data: fault });
    expect(response.ok()).toBe(true);
  }

  /** Lets every request a `delay` fault holds go on now and answer as it would have. */
  async proceedHeld() {
    const response = await this.request.post(`${this.base}/__sandbox/faults/proceed`);
    expect(response.ok()).toBe(true);
  }

  /** The last credit request body the sandbox processed (and its Idempotency-Key), or null. */
  async lastRequest(endpoint: FaultEndpoint): Promise<unknown> {
    const response = await this.request.get(`${this.base}/__sandbox/last-request?endpoint=${endpoint}`);
    expect(response.ok()).toBe(true);
    const answer: unknown = await response.json();
    return typeof answer === 'object' && answer !== null && 'request' in answer ? answer.request : null;
  }

  async stats(): Promise<unknown> {
    const response = await this.request.get(`${this.base}/__sandbox/stats`);
    expect(response.ok()).toBe(true);
    return response.json();
  }
}

/** Values that must never leave memory: the tokens, plus whatever a test registers (CPFs, names). */
export class PrivacyWatch {
  readonly secrets = new Set<string>(SANDBOX_TOKENS);
  readonly allowedRequestUrls: RegExp[] = [];
  watch(value: string) {
    this.secrets.add(value);
  }
  /**
   * Values that pass through a URL once by protocol (an OAuth authorisation code on the callback) and
   * must be gone afterwards: swept in storage, history.state and the final address, not in past URLs.
   */
  readonly transient = new Set<string>();
  watchTransient(value: string) {
    this.transient.add(value);
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

interface Options {
  /** A project option: the sandbox profile this project's tests run against (null: the server root). */
  sandboxProfile: string | null;
}

interface Fixtures {
  sandbox: SandboxControl;
  /** With a profile: /config.json answers that profile's config (automatic). */
  profileConfigRoute: void;
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

export const test = base.extend<Fixtures & Options>({
  sandboxProfile: [null, { option: true }],

  // Every test starts on a freshly seeded sandbox, whether or not it drives the sandbox itself.
  sandbox: [
    async ({ request, sandboxProfile }, use) => {
      const control = new SandboxControl(request, profileBase(sandboxProfile));
      await control.reset();
      await use(control);
      await control.reset(); // also releases any request a 'hang' fault still holds
    },
    { auto: true },
  ],

  // One preview server serves every profile's project: the page gets the profile's config.json this
  // way (same origin, same CSP), while the server's own /config.json stays the root sandbox's.
  profileConfigRoute: [
    async ({ page, sandboxProfile }, use) => {
      if (sandboxProfile !== null) {
        const config = profileConfig(sandboxProfile);
        await page.route('**/config.json', (route) =>
          route.fulfill({ json: config, headers: { 'Cache-Control': 'no-store' } }),
        );
      }
      await use();
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
        for (const value of privacy.transient) {
          if (left.includes(value) || storedNow.includes(value)) problems.push(`"${value}" left behind`);
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

/** This test's deployment: the served config.json with `patch` over it (set before the app loads). */
export async function patchConfig(page: Page, patch: Record<string, unknown>) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const served = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...served, ...patch } });
  });
}

/** Signs in with one click on a sandbox token. */
export async function signInWithSandboxToken(page: Page, label: RegExp = /Operador/) {
  await page.goto('/');
  await page.getByRole('button', { name: label }).click();
  // The navigation away from sign-in (lazy shell and screen) has completed: a test that navigates next
  // (a link, or history.pushState) would otherwise race with it and be overridden by it.
  await page.waitForURL((url) => !url.pathname.startsWith('/entrar'));
}

/** The test identity provider and the build preview whose config says auth.type "oidc" (e2e/oidc.spec.ts). */
export const IDP_URL = process.env.E2E_IDP_URL ?? 'http://127.0.0.1:4401';
export const OIDC_APP_URL = process.env.E2E_OIDC_APP_URL ?? 'http://127.0.0.1:4174';

/** What the IdP's token endpoint handed out to the page, newest last. */
export interface IdentityProviderTraffic {
  accessTokens: string[];
  refreshRequests: number;
}

/**
 * Registers every token, refresh token and PKCE verifier that crosses the token endpoint as a secret for
 * the sweep (never in a URL, storage, title or cookie of the app), and the authorisation code as a
 * transient value (in the callback URL once, gone afterwards).
 */
export function watchIdentityProvider(page: Page, privacy: PrivacyWatch): IdentityProviderTraffic {
  const traffic: IdentityProviderTraffic = { accessTokens: [], refreshRequests: 0 };
  page.on('request', (request) => {
    if (request.url() !== `${IDP_URL}/token`) return;
    const form = new URLSearchParams(request.postData() ?? '');
    const verifier = form.get('code_verifier');
    const code = form.get('code');
    const refresh = form.get('refresh_token');
    if (verifier) privacy.watch(verifier);
    if (code) privacy.watchTransient(code);
    if (refresh) privacy.watch(refresh);
    if (form.get('grant_type') === 'refresh_token') traffic.refreshRequests += 1;
  });
  page.on('response', (response) => {
    if (response.url() !== `${IDP_URL}/token` || response.status() !== 200) return;
    void response.json().then(
      (body: unknown) => {
        if (typeof body !== 'object' || body === null) return;
        for (const key of ['access_token', 'refresh_token', 'id_token'] as const) {
          const value: unknown = (body as Record<string, unknown>)[key];
          if (typeof value !== 'string') continue;
          privacy.watch(value);
          if (key === 'access_token') traffic.accessTokens.push(value);
        }
      },
      () => undefined,
    );
  });
  return traffic;
}

/** From the sign-in screen: "Entrar", then the IdP's login form (any password), back in the app. */
export async function signInAtIdentityProvider(page: Page, user: 'operator' | 'analyst') {
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(`${IDP_URL}/**`);
  await page.locator('input[name="login"]').fill(user);
  await page.locator('input[name="password"]').fill('senha-de-teste');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL(`${OIDC_APP_URL}/**`);
}
