/**
 * `npm run bench`: every performance figure of issue 14 in one run, on this machine, now.
 *
 *  1. Builds the app (dist/) and a one-screen floor app of the same stack (bench/floor → node_modules/.cache/bench-floor).
 *  2. First paint: serves both with gzip (scripts/bench-static-server.ts; the app in provider mode) and
 *     loads each page cold in Chromium with the CPU throttled 4x, alternating pages run by run, N runs;
 *     prints one table of medians: JS fetched up to LCP (gzip), requests up to LCP, LCP, blocking time,
 *     and the ratio to the floor's LCP.
 *  3. Lighthouse mobile (scripts/bench-lighthouse.ts): performance score of the floor, the sign-in
 *     page and the signed-in products screen, median of --lighthouse-runs (default --runs).
 *  4. Typing in the wizard (scripts/bench-typing.ts), 10 000 accounts (scripts/bench-accounts.ts).
 *  5. Memory: the operator journeys in a bounded loop; JS heap (after a forced GC) after the last loop vs
 *     after the first, and every --memory-sample-every rounds in between.
 *  6. Writes .bench/results.json (or --json FILE), and Lighthouse's HTML reports to .bench/lighthouse/.
 *
 * Timings on a shared machine are noise in absolute terms; the floor runs beside the app in the same run
 * so that the first-paint goal is a ratio. The exit code is non-zero only when a figure is more than
 * 1.5x over its goal (the report mode CI uses); --strict fails on any figure over its goal.
 *
 *   npm run bench [-- --runs 5] [--lighthouse-runs 5] [--memory-loops 3 | --memory-minutes 30]
 *                 [--memory-sample-every 10] [--skip-build] [--strict] [--open-goal 'typing: median']
 *                 [--only first-paint,lighthouse,typing,accounts,memory] [--compare label=path/to/other/dist]
 *   Ports: BENCH_PORT_BASE (default 4480) and the next 8; all checked free before anything starts.
 *   Exit code: 0, or 1 when a figure is past its goal by more than 1.5x (scripts/bench-goals.ts),
 *   or 2 when it could not measure (no Chromium, a port taken, no build, an unknown part).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, measureAccounts } from './bench-accounts';
import { FAIL_FACTOR, judge, type Goal } from './bench-goals';
import { withBenchApp } from './bench-harness';
import { measureLighthouse } from './bench-lighthouse';
import { serveStatic } from './bench-static-server';
import { measureFloorTyping, measureWizardTyping, median } from './bench-typing';

const CPU_THROTTLING = 4;
const lighthouseVersion = (
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
).version;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string' },
    'memory-loops': { type: 'string', default: '3' },
    'memory-minutes': { type: 'string' },
    'memory-sample-every': { type: 'string', default: '10' },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string', default: 'first-paint,lighthouse,typing,accounts,memory' },
    compare: { type: 'string', multiple: true, default: [] },
    json: { type: 'string', default: '.bench/results.json' },
    strict: { type: 'boolean', default: false },
    // Goals still open by a known margin (named in decision 004): printed and judged, but they do not set
    // the exit code, so that CI fails on every other figure's regression without waiting for them.
    'open-goal': { type: 'string', multiple: true, default: [] },
  },
});
const runs = Math.max(1, Number(options.runs));
const knownParts = ['first-paint', 'lighthouse', 'typing', 'accounts', 'memory'];
const parts = new Set(options.only.split(','));
const portBase = Number(process.env.BENCH_PORT_BASE ?? 4480);
const ports = {
  floor: portBase,
  app: portBase + 1,
  compare: portBase + 2, // and up, one per --compare
  // The Lighthouse part runs after the first-paint part has closed its servers, so it reuses ports.
  lighthouseOidcApp: portBase + 2,
  lighthouseSandbox: portBase + 3,
  lighthouseIdentityProvider: portBase + 4,
  accountsSandbox: portBase + 5,
  accountsPreview: portBase + 6,
  sandbox: portBase + 7,
  preview: portBase + 8,
};

interface PageFigures {
  jsKiB: number;
  requests: number;
  lcp: number;
  blocking: number;
}

function build() {
  const run = (args: string[]) =>
    execFileSync('node_modules/.bin/vite', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log('building the app (dist/) and the floor (node_modules/.cache/bench-floor)…');
  run(['build', '--logLevel', 'warn']);
  run(['build', '--config', 'bench/floor/vite.config.ts', '--logLevel', 'warn']);
}

/** One cold load of `url` at 4x CPU in a fresh context: what was fetched up to LCP, LCP, blocking time. */
async function loadOnce(browser: Browser, url: string): Promise<PageFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const bench = { lcp: 0, tasks: [] as number[] };
    (window as unknown as { __bench: typeof bench }).__bench = bench;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  // Quiet: no request for 500 ms, then one more second for a late larger paint or task.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const figures = await page.evaluate(() => {
    const { lcp, tasks } = (window as unknown as { __bench: { lcp: number; tasks: number[] } }).__bench;
    const upToLcp = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => entry.startTime <= lcp);
    const jsBytes = upToLcp
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
    return {
      jsKiB: jsBytes / 1024,
      requests: upToLcp.length + 1, // and the document itself
      lcp,
      // Everything over 50 ms of every long task from navigation until quiet. (Lighthouse starts at FCP;
      // these apps paint nothing before their first render, so that window would hide the work.)
      blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    };
  });
  await context.close();
  return figures;
}

async function firstPaint(
  browser: Browser,
): Promise<Array<{ page: string; lcpRatio: number } & PageFigures>> {
  const appConfig = JSON.stringify({
    mode: 'provider',
    baseUrl: `http://127.0.0.1:${ports.sandbox}/api`,
    accountsBaseUrl: `http://127.0.0.1:${ports.sandbox}/accounts`,
    environmentName: 'Bench',
  });
  const pages: Array<{ page: string; root: string; path: string; configJson?: string }> = [
    { page: 'floor: bare stack, one screen', root: 'node_modules/.cache/bench-floor', path: '/' },
    { page: 'app: sign-in (provider mode)', root: 'dist', path: '/entrar', configJson: appConfig },
  ];
  for (const compare of options.compare) {
    const [label, root] = compare.includes('=') ? compare.split('=', 2) : [compare, compare];
    pages.push({
      page: `${label}: sign-in`,
      root: path.resolve(root ?? ''),
      path: '/entrar',
      configJson: appConfig,
    });
  }
  const servers = await Promise.all(
    pages.map((entry, index) =>
      serveStatic(path.resolve(entry.root), index === 0 ? ports.floor : ports.app + index - 1, {
        configJson: entry.configJson,
      }),
    ),
  );
  try {
    const samples = pages.map(() => [] as PageFigures[]);
    for (let run = 0; run < runs; run += 1)
      for (const [index, entry] of pages.entries())
        samples[index]?.push(await loadOnce(browser, `${servers[index]?.url}${entry.path}`));
    const floorRuns = samples[0] ?? [];
    return pages.map((entry, index) => {
      const list = samples[index] ?? [];
      const med = (key: keyof PageFigures) => median(list.map((sample) => sample[key]));
      return {
        page: entry.page,
        jsKiB: med('jsKiB'),
        requests: med('requests'),
        lcp: med('lcp'),
        blocking: med('blocking'),
        // Each run's LCP over the floor's LCP of the same run (loaded just before it), then the median:
        // the load of a shared machine changes between runs more than between two adjacent loads.
        lcpRatio: median(list.map((sample, run) => sample.lcp / (floorRuns[run]?.lcp ?? NaN))),
      };
    });
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

/** JS heap in use after a forced garbage collection. */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** One operator round: every screen, a virtual card request (journal, toast), a CPF lookup. */
async function journey(page: Page, round: number) {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Contas' }).click();
  const accounts = page.getByRole('table', { name: 'Contas da instituição' });
  await accounts.getByRole('rowheader').first().waitFor();
  const row = accounts.locator('tbody tr').nth(round % 5);
  await row.getByRole('button', { name: /^Solicitar cartão virtual para/ }).click();
  await page
    .getByRole('dialog', { name: 'Solicitar cartão virtual?' })
    .getByRole('button', { name: 'Solicitar' })
    .click();
  await page
    .getByRole('region', { name: 'Solicitar cartão virtual' })
    .getByText(/Cartão virtual solicitado para a conta/)
    .waitFor();
  await nav.getByRole('link', { name: 'Análises por CPF' }).click();
  const cpf = page.getByRole('textbox', { name: 'CPF' });
  await cpf.fill('52998224725');
  await cpf.press('Enter');
  await page
    .getByRole('table', { name: 'Propostas do CPF consultado' })
    .getByRole('rowheader')
    .first()
    .waitFor();
  await nav.getByRole('link', { name: 'Nova proposta' }).click();
  await page.getByText('Etapa 1 de 8', { exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Produtos' }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
}

async function memory(browser: Browser, appUrl: string) {
  const minutes = options['memory-minutes'] === undefined ? 0 : Number(options['memory-minutes']);
  const loops = Math.max(2, Number(options['memory-loops']));
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: /Operador/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
  await journey(page, 0);
  const first = await heapAfterGc(page);
  const started = Date.now();
  const until = started + minutes * 60_000;
  // The heap after every few rounds too: a trend says more than two points (a leak grows steadily;
  // a cache that fills up and stops does not).
  const samples = [{ round: 1, minutes: 0, MiB: first / 2 ** 20 }];
  const every = Math.max(1, Number(options['memory-sample-every']));
  let round = 1;
  // Bounded either way: a number of rounds, or (for the 30-minute session) a wall-clock limit.
  while (minutes > 0 ? Date.now() < until : round < loops) {
    await journey(page, round);
    round += 1;
    if (round % every === 0) {
      const sample = {
        round,
        minutes: (Date.now() - started) / 60_000,
        MiB: (await heapAfterGc(page)) / 2 ** 20,
      };
      samples.push(sample);
      console.log(
        `  memory: round ${sample.round}, ${sample.minutes.toFixed(1)} min, heap ${sample.MiB.toFixed(2)} MiB`,
      );
    }
  }
  const last = await heapAfterGc(page);
  await page.close();
  // Not the goal, a reading of it: the first minutes fill what is bounded by time, not by rounds (V8's
  // optimised code; TanStack Query's caches keep an unused entry for gcTime, 5 minutes). Growth after
  // that is what a leak looks like.
  const warm = samples.find((sample) => sample.minutes >= 5);
  return {
    rounds: round,
    firstMiB: first / 2 ** 20,
    lastMiB: last / 2 ** 20,
    ratio: last / first,
    afterFiveMinutes: warm ? { ...warm, ratio: last / 2 ** 20 / warm.MiB } : null,
    samples,
  };
}

/**
 * Runs one part; if it throws (a page that never showed what a part waits for, on a machine too busy, or
 * a real break), says so in one line and records a figure that is not a number, which fails the verdict:
 * the other parts still run and the tables and goal lines are still printed.
 */
async function measured(part: string, goals: Goal[], body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
    console.log(`\n${part}: could not measure: ${message}`);
    goals.push({ name: `${part}: measured at all`, value: NaN, goal: 1, unit: '' });
  }
}

/** Stops with a message that says what to do, rather than a stack trace from inside a part. */
function stop(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Every port the chosen parts will listen on must be free before anything starts: the preview servers
 * run with --strictPort and their output ignored, and a server of someone else's on a port would
 * otherwise be measured in place of ours (or a part would time out without saying why).
 */
async function checkPorts() {
  const wanted = new Map<number, string>();
  if (parts.has('first-paint') || parts.has('lighthouse')) {
    wanted.set(ports.floor, 'the floor');
    wanted.set(ports.app, 'the app');
  }
  if (parts.has('first-paint'))
    options.compare.forEach((compare, index) => wanted.set(ports.compare + index, `--compare ${compare}`));
  if (parts.has('lighthouse')) {
    wanted.set(ports.lighthouseOidcApp, 'the app with OIDC sign-in (lighthouse)');
    wanted.set(ports.lighthouseSandbox, 'the sandbox (lighthouse)');
    wanted.set(ports.lighthouseIdentityProvider, 'the identity provider (lighthouse)');
  }
  if (parts.has('typing') || parts.has('memory')) {
    wanted.set(ports.sandbox, 'the sandbox (typing, memory)');
    wanted.set(ports.preview, 'the preview server (typing, memory)');
  }
  if (parts.has('accounts')) {
    wanted.set(ports.accountsSandbox, 'the 10 000-account sandbox');
    wanted.set(ports.accountsPreview, 'the preview server (accounts)');
  }
  const taken: string[] = [];
  for (const [port, use] of wanted) if (!(await portIsFree(port))) taken.push(`${port} (${use})`);
  if (taken.length > 0)
    stop(
      `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use on 127.0.0.1. Another bench or server is running there; ` +
        `stop it, or set BENCH_PORT_BASE to the first of 10 free ports (now ${portBase}).`,
    );
}

async function main() {
  const unknown = [...parts].filter((part) => !knownParts.includes(part));
  if (unknown.length > 0) stop(`unknown --only part ${unknown.join(', ')}; known: ${knownParts.join(', ')}`);
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => typeof candidate === 'string' && existsSync(candidate),
  );
  if (!executablePath)
    stop(
      'no Chromium: looked at $CHROMIUM_PATH, /usr/bin/chromium and /usr/bin/chromium-browser. ' +
        "Install the system's Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
    );
  await checkPorts();
  if (!options['skip-build']) build();
  if (!existsSync('dist/index.html') || !existsSync('node_modules/.cache/bench-floor/index.html'))
    stop('no build of the app (dist/) or of the floor: run without --skip-build');
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    cpuThrottling: CPU_THROTTLING,
    runs,
  };
  const goals: Goal[] = [];

  if (parts.has('first-paint'))
    await measured('first paint', goals, async () => {
      const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
      try {
        const rows = await firstPaint(browser);
        const floor = rows[0];
        console.log(`\nFirst paint: cold load, CPU ${CPU_THROTTLING}x, medians of ${runs} runs, gzip\n`);
        console.log(
          '| page | JS up to LCP (gzip) | requests | LCP | blocking | LCP / floor (median of runs) |',
        );
        console.log('|---|---|---|---|---|---|');
        for (const row of rows) {
          console.log(
            `| ${row.page} | ${row.jsKiB.toFixed(1)} KiB | ${row.requests} | ${row.lcp.toFixed(0)} ms | ${row.blocking.toFixed(0)} ms | ${row.lcpRatio.toFixed(2)}x |`,
          );
        }
        results.firstPaint = rows;
        const app = rows[1];
        if (floor && app) {
          goals.push({ name: 'first paint: LCP / floor', value: app.lcpRatio, goal: 1.2, unit: 'x' });
          goals.push({ name: 'first paint: JS up front', value: app.jsKiB, goal: 200, unit: 'KiB' });
        }
      } finally {
        await browser.close();
      }
    });

  if (parts.has('lighthouse'))
    await measured('lighthouse', goals, async () => {
      const lighthouseRuns = Math.max(1, Number(options['lighthouse-runs'] ?? runs));
      const rows = await measureLighthouse({
        runs: lighthouseRuns,
        executablePath,
        floorRoot: 'node_modules/.cache/bench-floor',
        ports: {
          floor: ports.floor,
          signIn: ports.app,
          oidcApp: ports.lighthouseOidcApp,
          sandbox: ports.lighthouseSandbox,
          identityProvider: ports.lighthouseIdentityProvider,
        },
      });
      console.log(
        `\nLighthouse ${lighthouseVersion}, mobile preset (simulated slow 4G, CPU 4x), performance, cold cache, medians of ${lighthouseRuns} runs\n`,
      );
      console.log('| page | score (runs) | FCP | LCP | TBT | Speed Index | CLS |');
      console.log('|---|---|---|---|---|---|---|');
      for (const row of rows)
        console.log(
          `| ${row.page} | ${row.score.toFixed(0)} (${row.scores.map((score) => score.toFixed(0)).join(', ')}) | ${row.fcp.toFixed(0)} ms | ${row.lcp.toFixed(0)} ms | ${row.tbt.toFixed(0)} ms | ${row.speedIndex.toFixed(0)} ms | ${row.cls.toFixed(3)} |`,
        );
      results.lighthouse = rows;
      for (const row of rows.slice(1))
        goals.push({
          name: `lighthouse: ${row.page.replace(/^app: /, '')}`,
          value: row.score,
          goal: 95,
          unit: '',
          atLeast: true,
        });
    });

  if (parts.has('typing') || parts.has('memory'))
    await measured('typing and memory (servers)', goals, () =>
      withBenchApp({ sandbox: ports.sandbox, preview: ports.preview }, [], async ({ browser, appUrl }) => {
        if (parts.has('typing'))
          await measured('typing', goals, async () => {
            const typing = await measureWizardTyping(browser, appUrl);
            const floorServer = await serveStatic(
              path.resolve('node_modules/.cache/bench-floor'),
              ports.floor,
            );
            const floorTyping = await measureFloorTyping(browser, floorServer.url).finally(() =>
              floorServer.close(),
            );
            console.log(
              `\nTyping, wizard with 10 phones and 10 addresses, CPU ${CPU_THROTTLING}x, ${typing.keystrokes} keystrokes: ` +
                `median ${typing.median.toFixed(1)} ms, worst ${typing.worst.toFixed(1)} ms` +
                `\n  the floor's one input, same measure: median ${floorTyping.median.toFixed(1)} ms, worst ${floorTyping.worst.toFixed(1)} ms` +
                ` (wizard / floor: median ${(typing.median / floorTyping.median).toFixed(2)}x)`,
            );
            results.typing = { ...typing, floor: floorTyping };
            goals.push({ name: 'typing: median keydown→frame', value: typing.median, goal: 16, unit: 'ms' });
            goals.push({ name: 'typing: worst keydown→frame', value: typing.worst, goal: 50, unit: 'ms' });
          });
        if (parts.has('memory'))
          await measured('memory', goals, async () => {
            const heap = await memory(browser, appUrl);
            console.log(
              `\nMemory, ${heap.rounds} rounds of the operator journeys: heap ${heap.firstMiB.toFixed(1)} MiB after the first, ` +
                `${heap.lastMiB.toFixed(1)} MiB after the last (${heap.ratio.toFixed(2)}x)` +
                (heap.afterFiveMinutes
                  ? `; ${heap.afterFiveMinutes.MiB.toFixed(1)} MiB at round ${heap.afterFiveMinutes.round} (${heap.afterFiveMinutes.minutes.toFixed(1)} min), last / that ${heap.afterFiveMinutes.ratio.toFixed(2)}x`
                  : ''),
            );
            results.memory = heap;
            goals.push({ name: 'memory: heap last / first round', value: heap.ratio, goal: 1.2, unit: 'x' });
          });
      }),
    );

  if (parts.has('accounts'))
    await measured('accounts', goals, () =>
      withBenchApp(
        { sandbox: ports.accountsSandbox, preview: ports.accountsPreview },
        ['--accounts', String(ACCOUNTS)],
        async ({ browser, appUrl }) => {
          const accounts = await measureAccounts(browser, appUrl);
          console.log(
            `\nAccounts, ${ACCOUNTS} rows, CPU ${CPU_THROTTLING}x: first rows ${accounts.responseToFirstRows.toFixed(0)} ms after the response; ` +
              `longest task sorting ${accounts.longestSortTask.toFixed(0)} ms, searching ${accounts.longestSearchTask.toFixed(0)} ms`,
          );
          results.accounts = accounts;
          goals.push({
            name: 'accounts: response → first rows',
            value: accounts.responseToFirstRows,
            goal: 300,
            unit: 'ms',
          });
          goals.push({
            name: 'accounts: longest task, sorting',
            value: accounts.longestSortTask,
            goal: 50,
            unit: 'ms',
          });
          goals.push({
            name: 'accounts: longest task, searching',
            value: accounts.longestSearchTask,
            goal: 50,
            unit: 'ms',
          });
        },
      ),
    );

  console.log(
    `\nGoals (fails when a figure is more than ${FAIL_FACTOR}x over its goal${options.strict ? ', or over it at all (--strict)' : ''}):`,
  );
  const open = (goal: { name: string }) => options['open-goal'].some((name) => goal.name.startsWith(name));
  const verdict = judge(
    goals.filter((goal) => !open(goal)),
    options.strict,
  );
  for (const line of verdict.lines) console.log(line);
  const openGoals = goals.filter(open);
  if (openGoals.length > 0) {
    console.log('\nOpen goals (--open-goal: reported, not failing; docs/decisions/004-bundle-budget.md):');
    for (const line of judge(openGoals, options.strict).lines) console.log(line);
  }
  results.goals = goals;
  mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
  writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${options.json}`);
  if (verdict.failed) process.exitCode = 1;
}

await main();
