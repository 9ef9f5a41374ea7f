/**
 * The Lighthouse part of `npm run bench`: Lighthouse's own mobile preset (Moto G Power screen, simulated
 * slow 4G, 4x CPU), performance category only, cold cache, one fresh browser context per load, median of
 * `--lighthouse-runs` runs, pages alternating run by run:
 *
 *  - floor: the one-screen app of the same stack (bench/floor), for scale;
 *  - each build's sign-in, loaded at the app's address `/` in provider mode (token sign-in, the default);
 *  - each build's products screen, reached by the return from the identity provider
 *    (bench/pages.ts): Lighthouse loads the held return URL itself, with `disableStorageReset`
 *    (the PKCE verifier waits in the tab's sessionStorage; the HTTP cache is cleared by hand).
 *
 * Each run's HTML report goes to .bench/lighthouse/ (the final screenshot, the waterfall).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateReport, navigation, type Config, type Flags } from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import type { BenchContext, BenchPart, Row } from './harness';
import { buildOrder, holdOidcReturn, launchPuppeteer, pagePorts, startPageServers } from './pages';

const config: Config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance'] },
};

const lighthouseVersion = (
  JSON.parse(readFileSync(new URL('node_modules/lighthouse/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

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
  writeFileSync(path.join(reportDir, `${name}.html`), generateReport(lhr, 'html'));
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

/** One cold, signed-out load of `url`, which must end on `endPath`. */
async function auditCold(browser: Browser, url: string, endPath: string, name: string): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    return await audit(await context.newPage(), url, endPath, name);
  } finally {
    await context.close();
  }
}

/** Loads the products screen through the return from the identity provider, under Lighthouse. */
async function auditProducts(browser: Browser, oidcAppUrl: string, name: string): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const returnUrl = await holdOidcReturn(page, oidcAppUrl);
    return await audit(page, returnUrl, '/produtos', name, { disableStorageReset: true });
  } finally {
    await context.close();
  }
}

const columns: Array<{ key: keyof Sample; column: string; unit: 'score' | 'ms' }> = [
  { key: 'score', column: 'score', unit: 'score' },
  { key: 'fcp', column: 'FCP', unit: 'ms' },
  { key: 'lcp', column: 'LCP', unit: 'ms' },
  { key: 'tbt', column: 'TBT', unit: 'ms' },
  { key: 'speedIndex', column: 'Speed Index', unit: 'ms' },
];

export const lighthousePart: BenchPart = {
  name: 'lighthouse',
  goals: ['lighthouseSignIn', 'lighthouseProducts'],
  ports: pagePorts,
  async run(context: BenchContext) {
    if (context.invocation === 1) rmSync(reportDir, { recursive: true, force: true });
    const servers = await startPageServers(context);
    const browser = await launchPuppeteer(context.executablePath);
    try {
      const file = (page: string, run: number) => `i${context.invocation}-r${run + 1}-${page}`;
      const floor = {
        label: 'floor: bare stack, one screen',
        load: (run: number) => auditCold(browser, `${servers.floorUrl}/`, '/', file('floor', run)),
      };
      const builds = servers.builds.map((build) => [
        {
          label: `${build.label}: sign-in (cold start at /)`,
          load: (run: number) =>
            auditCold(browser, build.signInUrl, '/entrar', file(`${build.label}-sign-in`, run)),
        },
        {
          label: `${build.label}: products, signed-in reload`,
          load: (run: number) =>
            auditProducts(browser, build.oidcAppUrl, file(`${build.label}-products`, run)),
        },
      ]);
      const pages = [floor, ...builds.flat()];
      const samples = new Map(pages.map((page) => [page, [] as Sample[]]));
      // Alternating pages run by run, as the first-paint part does: a load change hits all of them alike.
      for (let run = 0; run < context.lighthouseRuns; run += 1) {
        context.log(`lighthouse: run ${run + 1} of ${context.lighthouseRuns}`);
        for (const page of [floor, ...buildOrder(builds, run).flat()])
          samples.get(page)?.push(await page.load(run));
      }
      const title = `Lighthouse ${lighthouseVersion}, mobile preset (simulated slow 4G, CPU 4x), performance, cold cache, ${context.lighthouseRuns} runs per page`;
      const rows: Row[] = pages.map((page) => {
        const list = samples.get(page) ?? [];
        return {
          table: title,
          label: page.label,
          cells: [
            ...columns.map(({ key, column, unit }) => ({
              column,
              unit,
              runs: list.map((sample) => sample[key]),
            })),
            { column: 'CLS', unit: 'count' as const, decimals: 3, runs: list.map((sample) => sample.cls) },
          ],
        };
      });
      const scores = (index: number) =>
        (samples.get(pages[index] ?? floor) ?? []).map((sample) => sample.score);
      return {
        rows,
        // pages: floor, then app sign-in, app products, then the compared builds.
        goals: [
          { id: 'lighthouseSignIn', runs: scores(1) },
          { id: 'lighthouseProducts', runs: scores(2) },
        ],
        raw: pages.map((page) => ({ page: page.label, samples: samples.get(page) })),
      };
    } finally {
      await browser.close();
      await servers.close();
    }
  },
};
