/**
 * The first-paint part of `npm run bench`: each page loaded cold in a fresh browser context with the CPU
 * throttled 4x, alternating pages run by run (the floor first, then the builds in turn, their order flipped
 * every other run), so that a change in the machine's load hits them alike:
 *
 *  - the floor app (bench/floor: the bare stack, one sign-in-sized screen, all in the entry);
 *  - each build's sign-in at the app's address `/` (what an operator opens; it shows sign-in, as every cold
 *    start does, since the token lives in memory only), and dist/'s also from a second server (a plain
 *    static host: config.json beside index.html, as every host serves it);
 *  - each build's products screen reached by a signed-in reload (the return from the identity provider:
 *    bench/pages.ts).
 *
 * For each load: the JS transferred (gzip) and the requests started before LCP, FCP (index.html's still
 * shell), LCP with its entry's renderTime / loadTime and the element (tag, class, a text snippet with digits masked), blocking time,
 * and LCP over the floor's LCP of the same run, the figure the goal judges.
 */
import type { Browser, Page } from 'puppeteer-core';
import { ratiosByRun } from './stats';
import { CPU_THROTTLING, type BenchContext, type BenchPart, type Cell, type Row } from './harness';
import { buildOrder, holdOidcReturn, launchPuppeteer, pagePorts, startPageServers } from './pages';

interface LoadFigures {
  jsKiB: number;
  requests: number;
  fcp: number;
  lcp: number;
  lcpRender: number;
  lcpLoad: number;
  lcpElement: string;
  blocking: number;
}

declare global {
  interface Window {
    __benchPaint?: {
      lcp: Array<{ startTime: number; renderTime: number; loadTime: number; element: string }>;
      tasks: number[];
    };
  }
}

/** Runs in the page before its scripts: records LCP entries (with their element, described at once) and long tasks. */
function observePaint() {
  const record: NonNullable<Window['__benchPaint']> = { lcp: [], tasks: [] };
  window.__benchPaint = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LargestContentfulPaint[]) {
      // Which element, described at once (it may be gone later), never with personal data: digits
      // masked. (No named function in here: tsx would wrap it in a helper the page does not have.)
      const { element, url } = entry;
      let description = url ? `(removed) ${url}` : '(removed)';
      if (element) {
        const muiClass = [...element.classList].find((name) => /^Mui[A-Za-z]+-(?!root)/.test(name));
        const text = element.textContent.replace(/\s+/g, ' ').trim().replace(/\d/g, '#');
        const snippet = text.length > 36 ? `${text.slice(0, 36)}…` : text;
        description = `${element.tagName.toLowerCase()}${muiClass ? `.${muiClass}` : ''}${url ? ` ${url}` : ''}${snippet ? ` "${snippet}"` : ''}`;
      }
      record.lcp.push({
        startTime: entry.startTime,
        renderTime: entry.renderTime,
        loadTime: entry.loadTime,
        element: description,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** Reads the figures once the page has been quiet (no request for 500 ms, then one more second). */
async function readFigures(page: Page): Promise<LoadFigures> {
  // LCP entries reach the observer in a task of their own: on a busy machine, wait for the first one.
  await page.waitForFunction(() => (window.__benchPaint?.lcp.length ?? 0) > 0, { timeout: 30_000 });
  return page.evaluate(() => {
    const record = window.__benchPaint;
    const last = record?.lcp.at(-1);
    const lcp = last?.startTime ?? NaN;
    const upToLcp = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => entry.startTime <= lcp);
    const jsBytes = upToLcp
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    return {
      jsKiB: jsBytes / 1024,
      requests: upToLcp.length + 1, // and the document itself
      fcp,
      lcp,
      lcpRender: last?.renderTime ?? NaN,
      lcpLoad: last?.loadTime ?? NaN,
      lcpElement: last?.element ?? '(none)',
      // Everything over 50 ms of every long task from navigation until quiet. (Lighthouse starts at FCP;
      // a page that paints late would hide its work in that window.)
      blocking: (record?.tasks ?? []).reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    };
  });
}

async function throttle(page: Page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
}

async function settle(page: Page) {
  // Quiet for 500 ms, or 20 s at most: after the return from the identity provider Puppeteer keeps one
  // request of the page open that every request event shows finished (not yet explained); the figures
  // are the paint observers' and are complete by then.
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 20_000 }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** One cold load of `url` in a fresh context; it must end on `endPath` showing a heading. */
async function loadCold(browser: Browser, url: string, endPath: string): Promise<LoadFigures> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.evaluateOnNewDocument(observePaint);
    await throttle(page);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForSelector('h1', { timeout: 120_000 });
    await settle(page);
    const ended = new URL(page.url()).pathname;
    if (ended !== endPath) throw new Error(`${url} ended on ${ended}, not ${endPath}`);
    return await readFigures(page);
  } finally {
    await context.close();
  }
}

/** The products screen reached by the return from the identity provider, loaded cold (HTTP cache cleared). */
async function loadProducts(browser: Browser, oidcAppUrl: string): Promise<LoadFigures> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const returnUrl = await holdOidcReturn(page, oidcAppUrl);
    await page.evaluateOnNewDocument(observePaint);
    await throttle(page);
    await page.goto(returnUrl, { waitUntil: 'load', timeout: 120_000 });
    // Polled on an interval, not on animation frames (Puppeteer's frame poller did not answer here).
    await page.waitForFunction(() => location.pathname === '/produtos' && document.querySelector('main h1'), {
      timeout: 120_000,
      polling: 50,
    });
    await settle(page);
    return await readFigures(page);
  } finally {
    await context.close();
  }
}

const table = (runs: number) =>
  `First paint: cold load, CPU ${CPU_THROTTLING}x, gzip, 1280×800, ${runs} runs per page alternating`;

function row(title: string, label: string, loads: LoadFigures[], floor: LoadFigures[]): Row {
  const values = (key: Exclude<keyof LoadFigures, 'lcpElement'>) => loads.map((load) => load[key]);
  const cells: Cell[] = [
    { column: 'JS before LCP', unit: 'KiB', runs: values('jsKiB') },
    { column: 'requests', unit: 'count', runs: values('requests') },
    { column: 'FCP', unit: 'ms', runs: values('fcp') },
    { column: 'LCP', unit: 'ms', runs: values('lcp') },
    { column: 'LCP renderTime', unit: 'ms', runs: values('lcpRender') },
    { column: 'LCP loadTime', unit: 'ms', runs: values('lcpLoad'), blankWhenZero: true },
    { column: 'blocking', unit: 'ms', runs: values('blocking') },
    {
      column: 'LCP / floor',
      unit: 'x',
      runs: ratiosByRun(
        values('lcp'),
        floor.map((load) => load.lcp),
      ),
    },
    { column: 'LCP element', texts: loads.map((load) => load.lcpElement) },
  ];
  return { table: title, label, cells };
}

export const firstPaintPart: BenchPart = {
  name: 'first-paint',
  goals: ['signInLcp', 'signInLcpPlainHost', 'productsLcp', 'signInJs'],
  ports: pagePorts,
  async run(context: BenchContext) {
    const servers = await startPageServers(context);
    const browser = await launchPuppeteer(context.executablePath);
    try {
      const floor: LoadFigures[] = [];
      const signIn = servers.builds.map(() => [] as LoadFigures[]);
      const plainSignIn: LoadFigures[] = [];
      const products = servers.builds.map(() => [] as LoadFigures[]);
      for (let run = 0; run < context.runs; run += 1) {
        context.log(`first paint: run ${run + 1} of ${context.runs}`);
        floor.push(await loadCold(browser, `${servers.floorUrl}/`, '/'));
        for (const index of buildOrder(
          servers.builds.map((_, index) => index),
          run,
        )) {
          const build = servers.builds[index];
          if (!build) continue;
          signIn[index]?.push(await loadCold(browser, build.signInUrl, '/entrar'));
          if (build.plainSignInUrl)
            plainSignIn.push(await loadCold(browser, build.plainSignInUrl, '/entrar'));
          products[index]?.push(await loadProducts(browser, build.oidcAppUrl));
        }
      }
      const title = table(context.runs);
      const rows = [
        row(title, 'floor: bare stack, one screen', floor, floor),
        ...servers.builds.flatMap((build, index) => [
          row(title, `${build.label}: sign-in (cold start at /)`, signIn[index] ?? [], floor),
          ...(build.plainSignInUrl
            ? [row(title, `${build.label}: sign-in, plain static host`, plainSignIn, floor)]
            : []),
          row(title, `${build.label}: products, signed-in reload`, products[index] ?? [], floor),
        ]),
      ];
      const app = { signIn: signIn[0] ?? [], products: products[0] ?? [] };
      const floorLcp = floor.map((load) => load.lcp);
      return {
        rows,
        goals: [
          {
            id: 'signInLcp',
            runs: ratiosByRun(
              app.signIn.map((load) => load.lcp),
              floorLcp,
            ),
          },
          {
            id: 'signInLcpPlainHost',
            runs: ratiosByRun(
              plainSignIn.map((load) => load.lcp),
              floorLcp,
            ),
          },
          {
            id: 'productsLcp',
            runs: ratiosByRun(
              app.products.map((load) => load.lcp),
              floorLcp,
            ),
          },
          { id: 'signInJs', runs: app.signIn.map((load) => load.jsKiB) },
        ],
        raw: {
          floor,
          builds: servers.builds.map((build, index) => ({
            ...build,
            signIn: signIn[index],
            products: products[index],
          })),
        },
      };
    } finally {
      await browser.close();
      await servers.close();
    }
  },
};
