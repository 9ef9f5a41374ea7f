/**
 * The pages the first-paint and Lighthouse parts of `npm run bench` load cold: the floor app, the sign-in
 * of each build (dist/ and every `--compare`) and its products screen reached by a signed-in reload.
 *
 * The products screen needs a session, and tokens live in memory only, so no cold load starts signed in,
 * except the one every OpenID Connect sign-in ends with: the identity provider sends the browser back to
 * `/entrar/retorno?code=…&state=…`, a full page load that exchanges the code and renders the products.
 * `holdOidcReturn` signs in at the test provider (scripts/dev/oidc-idp.ts, started by the sandbox with
 * `--oidc`) and holds that last request: the code is single-use and still unspent, the PKCE verifier
 * waits in the tab's sessionStorage (decision 008), and the caller loads the return URL itself, in the same
 * tab, with the HTTP cache cleared. No bench-only code path in the app: this is the production sign-in,
 * measured at its last step.
 */
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startProcess, stopProcesses, waitFor, type BenchContext, type BenchPart } from './harness';
import { serveStatic } from './static-server';

export interface BuildPages {
  /** 'app' for dist/, else the --compare label. */
  label: string;
  /** Token sign-in (provider mode): the app's address, which shows sign-in on a cold start. */
  signInUrl: string;
  /** The same build with OpenID Connect sign-in, for the products screen. */
  oidcAppUrl: string;
  /** Token sign-in on a second static server (dist/ only): config.json beside index.html, as everywhere. */
  plainSignInUrl?: string;
}

export interface PageServers {
  floorUrl: string;
  builds: BuildPages[];
  close: () => Promise<void>;
}

/** Serves the floor and every build (provider and OIDC configs), and starts the sandbox with its IdP. */
export async function startPageServers(
  context: Pick<BenchContext, 'ports' | 'floorRoot' | 'compare'>,
): Promise<PageServers> {
  const { ports } = context;
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const providerConfig = {
    mode: 'provider',
    baseUrl: `${sandboxUrl}/api`,
    accountsBaseUrl: `${sandboxUrl}/accounts`,
    environmentName: 'Bench',
  };
  const oidcConfig = JSON.stringify({
    ...providerConfig,
    auth: {
      type: 'oidc',
      authority: `http://127.0.0.1:${ports.identityProvider}`,
      clientId: 'cartoes-backoffice',
      scope: 'openid profile accounts:read cards:read cards:write',
    },
  });
  const builds = [
    { label: 'app', root: 'dist', signIn: ports.signIn, oidcApp: ports.oidcApp },
    ...context.compare.map((compare, index) => {
      const compared = ports.compare[index];
      if (!compared) throw new Error(`at most ${ports.compare.length} --compare builds`);
      return { label: compare.label, root: compare.root, ...compared };
    }),
  ];
  const sandbox = startProcess('node_modules/.bin/tsx', [
    'scripts/dev/sandbox.ts',
    '--port',
    String(ports.sandbox),
    '--oidc',
    '--oidc-port',
    String(ports.identityProvider),
    '--oidc-token-ttl',
    '600',
    ...builds.flatMap((build) => ['--app-origin', `http://127.0.0.1:${build.oidcApp}`]),
  ]);
  const servers = await Promise.all([
    serveStatic(path.resolve(context.floorRoot), ports.floor),
    serveStatic(path.resolve('dist'), ports.plainHost, {
      configJson: JSON.stringify(providerConfig),
    }),
    ...builds.flatMap((build) => [
      serveStatic(path.resolve(build.root), build.signIn, { configJson: JSON.stringify(providerConfig) }),
      serveStatic(path.resolve(build.root), build.oidcApp, { configJson: oidcConfig }),
    ]),
  ]);
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    await stopProcesses([sandbox], [ports.sandbox, ports.identityProvider]);
  };
  try {
    await waitFor(`${sandboxUrl}/__sandbox/stats`, 60_000);
    await waitFor(`http://127.0.0.1:${ports.identityProvider}/.well-known/openid-configuration`, 60_000);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    floorUrl: `http://127.0.0.1:${ports.floor}`,
    builds: builds.map((build, index) => ({
      label: build.label,
      signInUrl: `http://127.0.0.1:${build.signIn}/`,
      oidcAppUrl: `http://127.0.0.1:${build.oidcApp}`,
      ...(index === 0 ? { plainSignInUrl: `http://127.0.0.1:${ports.plainHost}/` } : {}),
    })),
    close,
  };
}

/**
 * Signs in as the operator at the identity provider from the OIDC build's sign-in page, and returns the
 * URL the provider sends the browser back to, without loading it (see the file's comment).
 */
export async function holdOidcReturn(page: Page, oidcAppUrl: string): Promise<string> {
  await page.goto(`${oidcAppUrl}/entrar`, { waitUntil: 'load', timeout: 120_000 });
  // The sign-in page's one button ("Entrar"; Puppeteer's ARIA query does not find it in this Chromium).
  await page.locator('main button').setTimeout(60_000).click();
  await page.waitForSelector('input[name="login"]', { timeout: 60_000 });
  await page.locator('input[name="login"]').fill('operator');
  await page.locator('input[name="password"]').fill('senha-de-teste');
  const returnPrefix = `${oidcAppUrl}/entrar/retorno`;
  const held = new Promise<string>((resolve) => {
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.isNavigationRequest() && request.url().startsWith(returnPrefix)) {
        const url = request.url();
        void request.abort('aborted').then(() => resolve(url));
      } else void request.continue();
    });
  });
  await page.setRequestInterception(true);
  await page.locator('button[type="submit"]').click();
  let timer: NodeJS.Timeout | undefined;
  const returnUrl = await Promise.race([
    held,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the identity provider did not send the browser back within 60 s')),
        60_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  await page.setRequestInterception(false);
  page.removeAllListeners('request');
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return returnUrl;
}

/** The ports of startPageServers, with what for (checked free before anything starts). */
export const pagePorts: BenchPart['ports'] = ({ ports, compare }) => [
  [ports.floor, 'the floor'],
  [ports.signIn, 'the app'],
  [ports.oidcApp, 'the app with OIDC sign-in'],
  [ports.sandbox, 'the sandbox'],
  [ports.identityProvider, 'the identity provider'],
  ...compare.flatMap(({ label }, index): Array<[number, string]> => [
    [ports.compare[index]?.signIn ?? NaN, `--compare ${label}`],
    [ports.compare[index]?.oidcApp ?? NaN, `--compare ${label} (OIDC)`],
  ]),
];

/** The system's Chromium through Puppeteer (Lighthouse drives a Puppeteer page). */
export function launchPuppeteer(executablePath: string): Promise<Browser> {
  return puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}

/**
 * The builds' order in run `run`: dist/ first in even runs, last in odd ones, so that neither build is
 * always the one loaded right after the floor.
 */
export function buildOrder<T>(builds: readonly T[], run: number): T[] {
  return run % 2 === 0 ? [...builds] : [...builds].reverse();
}
