/**
 * The Lighthouse part of `npm run bench` (issue 14: "Lighthouse mobile ≥ 95 on sign-in and on the
 * products screen"). Lighthouse's own mobile preset (Moto G Power screen, simulated slow 4G, 4x CPU),
 * performance category only, cold cache, one fresh browser context per load, median of N runs.
 *
 *  - floor: the one-screen app of the same stack (bench/floor), for scale;
 *  - sign-in: the production build at /entrar in provider mode (token sign-in, the default);
 *  - products: the same build with `auth.type` "oidc" against the test identity provider
 *    (scripts/oidc-idp.ts, started by the sandbox with --oidc). The app keeps tokens in memory only, so no
 *    cold load can start signed in, except the one every OIDC sign-in ends with: the identity provider
 *    sends the browser back to `/entrar/retorno?code=…&state=…`, a full page load that exchanges the code
 *    and renders the products. Puppeteer signs in at the provider, holds that return request (the code is
 *    single-use and still unspent), clears the HTTP cache, and Lighthouse loads the return URL itself.
 *    The PKCE verifier waits in the tab's sessionStorage (decision 008), so Lighthouse runs with
 *    `disableStorageReset` (it would otherwise clear the origin's storage); the cache is cleared by hand.
 *    No bench-only code path in the app: this is the production sign-in, measured at its last step.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateReport, navigation, type Config, type Flags } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { waitFor } from './bench-harness';
import { serveStatic } from './bench-static-server';
import { median } from './bench-typing';

export interface LighthousePorts {
  floor: number;
  signIn: number;
  oidcApp: number;
  sandbox: number;
  identityProvider: number;
}

export interface LighthouseFigures {
  page: string;
  /** Median performance score, 0–100. */
  score: number;
  scores: number[];
  /** Medians of the simulated metrics, ms (CLS unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
}

const config: Config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance'] },
};

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
}

/** Where each run's HTML report goes, to see what Lighthouse saw (the final screenshot, the waterfall). */
const reportDir = '.bench/lighthouse';

let reportCount = 0;

/** One Lighthouse navigation to `url`, which must end on `screenPath` (else it measured something else). */
async function audit(
  page: Page,
  url: string,
  screenPath: string,
  name: string,
  flags: Flags = {},
): Promise<Sample> {
  const result = await navigation(page, url, { config, flags: { logLevel: 'error', ...flags } });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, `${name}-${++reportCount}.html`), generateReport(lhr, 'html'));
  const ended = new URL(lhr.finalDisplayedUrl).pathname;
  if (ended !== screenPath)
    throw new Error(`Lighthouse ended on ${ended}, not ${screenPath}: see ${reportDir}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: (lhr.categories.performance?.score ?? NaN) * 100,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    speedIndex: metric('speed-index'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** One cold, signed-out load of `url`. */
async function auditCold(browser: Browser, url: string, name: string): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    return await audit(await context.newPage(), url, new URL(url).pathname, name);
  } finally {
    await context.close();
  }
}

/**
 * Signs in at the identity provider as the operator and loads the products screen through the return URL
 * under Lighthouse (see the file's comment).
 */
async function auditProducts(browser: Browser, appUrl: string): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}/entrar`, { waitUntil: 'load' });
    // The sign-in page's one button ("Entrar"; Puppeteer's ARIA query does not find it in this Chromium).
    await page.locator('main button').setTimeout(60_000).click();
    await page.waitForSelector('input[name="login"]', { timeout: 60_000 });
    await page.locator('input[name="login"]').fill('operator');
    await page.locator('input[name="password"]').fill('senha-de-teste');
    const returnPrefix = `${appUrl}/entrar/retorno`;
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
    return await audit(page, returnUrl, '/produtos', 'products', { disableStorageReset: true });
  } finally {
    await context.close();
  }
}

function start(command: string, args: string[]): ChildProcess {
  return spawn(command, args, { stdio: 'ignore', detached: true });
}

export async function measureLighthouse(options: {
  runs: number;
  ports: LighthousePorts;
  executablePath: string | undefined;
  floorRoot: string;
}): Promise<LighthouseFigures[]> {
  const { ports } = options;
  rmSync(reportDir, { recursive: true, force: true });
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const oidcAppUrl = `http://127.0.0.1:${ports.oidcApp}`;
  const providerConfig = {
    mode: 'provider',
    baseUrl: `${sandboxUrl}/api`,
    accountsBaseUrl: `${sandboxUrl}/accounts`,
    environmentName: 'Bench',
  };
  const oidcConfig = {
    ...providerConfig,
    auth: {
      type: 'oidc',
      authority: `http://127.0.0.1:${ports.identityProvider}`,
      clientId: 'cartoes-backoffice',
      scope: 'openid profile accounts:read cards:read cards:write',
    },
  };
  const sandbox = start('node_modules/.bin/tsx', [
    'scripts/sandbox.ts',
    '--port',
    String(ports.sandbox),
    '--oidc',
    '--oidc-port',
    String(ports.identityProvider),
    '--oidc-token-ttl',
    '600',
    '--app-origin',
    oidcAppUrl,
  ]);
  const servers = await Promise.all([
    serveStatic(path.resolve(options.floorRoot), ports.floor),
    serveStatic(path.resolve('dist'), ports.signIn, { configJson: JSON.stringify(providerConfig) }),
    serveStatic(path.resolve('dist'), ports.oidcApp, { configJson: JSON.stringify(oidcConfig) }),
  ]);
  const browser = await puppeteer.launch({
    executablePath: options.executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await waitFor(`${sandboxUrl}/__sandbox/stats`, 60_000);
    await waitFor(`http://127.0.0.1:${ports.identityProvider}/.well-known/openid-configuration`, 60_000);
    const [floor, signIn, oidcApp] = servers;
    const pages = [
      { page: 'floor: bare stack, one screen', load: () => auditCold(browser, `${floor.url}/`, 'floor') },
      {
        page: 'app: sign-in (provider mode)',
        load: () => auditCold(browser, `${signIn.url}/entrar`, 'sign-in'),
      },
      { page: 'app: products, signed in', load: () => auditProducts(browser, oidcApp.url) },
    ];
    const samples = pages.map(() => [] as Sample[]);
    // Alternating pages run by run, as the first-paint part does: a load change hits all of them alike.
    for (let run = 0; run < options.runs; run += 1)
      for (const [index, entry] of pages.entries()) samples[index]?.push(await entry.load());
    return pages.map((entry, index) => {
      const list = samples[index] ?? [];
      const med = (key: keyof Sample) => median(list.map((sample) => sample[key]));
      return {
        page: entry.page,
        score: med('score'),
        scores: list.map((sample) => sample.score),
        fcp: med('fcp'),
        lcp: med('lcp'),
        tbt: med('tbt'),
        speedIndex: med('speedIndex'),
        cls: med('cls'),
      };
    });
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
    if (sandbox.pid !== undefined) process.kill(-sandbox.pid);
  }
}
