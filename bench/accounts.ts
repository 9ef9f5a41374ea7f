/**
 * The accounts parts of `npm run bench`, CPU throttled 4x, against a sandbox of 10,000 accounts
 * (`accounts`) and of 100,000 (`accounts-100k`):
 *  - the time from the accounts response to the first rows painted;
 *  - the longest main-thread task while sorting (four sorts), searching ("comercio", typed) and scrolling
 *    (20 wheel steps of 600 px);
 *  - with 100,000: the JS heap of the page and its worker after a garbage collection, and the longest task
 *    while the CSV of all rows is exported.
 *
 *   npm run bench:accounts          (npm run bench -- --only accounts)
 *   npm run bench:accounts-cpu      the same journey unthrottled, as thread CPU time per task (below);
 *                                   ports: BENCH_PORT_BASE (+5, +6), accounts: BENCH_ACCOUNTS (10000)
 */
import type { Browser, CDPSession, Locator, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  APP_ROOT,
  benchPorts,
  CPU_THROTTLING,
  findChromium,
  withBenchApp,
  type BenchContext,
  type BenchPart,
  type PartResult,
} from './harness';
import type { GoalId } from './goals';

/**
 * The main thread's 'longtask' entries (every task over 50 ms) since the last reset: the longest (0 when
 * there was none) and how many. Tasks of a Web Worker are not on this timeline: they block no input.
 */
async function longTasks(page: Page): Promise<{ longest: number; count: number }> {
  return page.evaluate(() => {
    const tasks = (window as unknown as { __longtasks: number[] }).__longtasks;
    const longest = tasks.length > 0 ? Math.max(...tasks) : 0;
    const count = tasks.length;
    tasks.length = 0;
    return { longest, count };
  });
}

export interface AccountsFigures {
  responseToFirstRows: number;
  longestSortTask: number;
  longestSearchTask: number;
  /** Tasks over 50 ms while sorting (four sorts), searching (typing "comercio") and scrolling. */
  sortLongTasks: number;
  searchLongTasks: number;
  longestScrollTask: number;
  scrollLongTasks: number;
  /** Only with `heap`: MiB in use after a garbage collection, the page's main thread and its workers. */
  heapMiB?: number;
  /** Only with `exportCsv`: the longest task and the time from the click to the file. */
  longestExportTask?: number;
  exportMs?: number;
}

/** The wheel over the table, 20 steps of 600 px (about 270 rows), then back to the top. */
async function scrollTable(page: Page, table: Locator) {
  await table.hover();
  for (let step = 0; step < 20; step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await page.mouse.wheel(0, -1_000_000);
  await page.waitForTimeout(400);
}

/**
 * The JS heap in use after two garbage collections, in MiB: the page's main thread plus each dedicated
 * worker (the accounts worker keeps its own copy of the list), through the browser's DevTools protocol.
 */
async function heapInUse(browser: Browser, page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  let workers = 0;
  // A worker is not a page: attach to it from the browser's session and talk to it through that.
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    for (const target of targetInfos.filter((info) => info.type === 'worker')) {
      const { sessionId } = await session.send('Target.attachToTarget', {
        targetId: target.targetId,
        flatten: false,
      });
      let id = 0;
      const call = (method: string) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          id += 1;
          const callId = id;
          const onMessage = (event: { sessionId?: string; message: string }) => {
            const reply = JSON.parse(event.message) as {
              id?: number;
              result?: Record<string, unknown>;
              error?: unknown;
            };
            if (event.sessionId !== sessionId || reply.id !== callId) return;
            session.off('Target.receivedMessageFromTarget', onMessage);
            if (reply.error) reject(new Error(JSON.stringify(reply.error)));
            else resolve(reply.result ?? {});
          };
          session.on('Target.receivedMessageFromTarget', onMessage);
          void session.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id: callId, method }),
          });
        });
      await call('HeapProfiler.collectGarbage');
      const usage = await call('Runtime.getHeapUsage');
      workers += typeof usage.usedSize === 'number' ? usage.usedSize : NaN;
      await session.send('Target.detachFromTarget', { sessionId });
    }
  } finally {
    await session.detach();
  }
  return (usedSize + workers) / 2 ** 20;
}

/** Runs the accounts journey once against an app whose sandbox serves the accounts. */
export async function measureAccounts(
  browser: Browser,
  appUrl: string,
  options: { heap?: boolean; exportCsv?: boolean } = {},
): Promise<AccountsFigures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await page.addInitScript(() => {
    const w = window as unknown as { __longtasks: number[]; __firstRowsPainted?: number };
    w.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longtasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    // The first data row in the DOM, then the frame that paints it.
    const observer = new MutationObserver(() => {
      if (document.querySelector('tbody tr[aria-rowindex]')) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (w.__firstRowsPainted = performance.now())));
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { childList: true, subtree: true }),
    );
  });
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: /Operador/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });

  await page.getByRole('navigation').getByRole('link', { name: 'Contas' }).click();
  // The first rows, or the screen's error (a time-out, a list too large): then say what it said.
  await page.waitForFunction(
    () =>
      'number' === typeof (window as { __firstRowsPainted?: number }).__firstRowsPainted ||
      document.querySelector('main .MuiAlert-root') !== null,
    null,
    { timeout: 180_000 },
  );
  const alert = page.locator('main .MuiAlert-root').first();
  if (await alert.isVisible())
    throw new Error(
      `the accounts screen showed no rows but: ${(await alert.innerText()).replace(/\s+/g, ' ')}`,
    );
  const responseToFirstRows = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => resource.name.includes('/v1/account/get-all-accounts/'));
    const painted = (window as { __firstRowsPainted?: number }).__firstRowsPainted ?? NaN;
    return entry instanceof PerformanceResourceTiming ? painted - entry.responseEnd : NaN;
  });
  await page.waitForTimeout(500);
  await longTasks(page);

  const table = page.getByRole('table', { name: 'Contas da instituição' });
  let longestSortTask = 0;
  let sortLongTasks = 0;
  for (const [column, direction] of [
    ['Disponível', 'ascending'],
    ['Disponível', 'descending'],
    ['Nome fantasia', 'ascending'],
    // A column shown by default at 1280 px ('Razão social' is one click away in "Colunas").
    ['CNPJ', 'ascending'],
  ] as const) {
    await table.getByRole('button', { name: column }).click();
    await table
      .getByRole('columnheader', { name: column })
      .and(page.locator(`[aria-sort="${direction}"]`))
      .waitFor();
    await page.waitForTimeout(400);
    const tasks = await longTasks(page);
    longestSortTask = Math.max(longestSortTask, tasks.longest);
    sortLongTasks += tasks.count;
  }

  await page.getByRole('searchbox', { name: 'Buscar contas' }).pressSequentially('comercio', { delay: 50 });
  await page.waitForTimeout(600);
  const search = await longTasks(page);

  // Scrolling: the wheel over the table, 20 steps of 600 px (about 270 rows), then back to the top.
  await page.getByRole('searchbox', { name: 'Buscar contas' }).fill('');
  await table.getByRole('rowheader').first().waitFor();
  await page.waitForTimeout(600);
  await longTasks(page);
  await scrollTable(page, table);
  const scroll = await longTasks(page);

  const figures: AccountsFigures = {
    responseToFirstRows,
    longestSortTask,
    longestSearchTask: search.longest,
    sortLongTasks,
    searchLongTasks: search.count,
    longestScrollTask: scroll.longest,
    scrollLongTasks: scroll.count,
  };
  if (options.exportCsv) {
    const started = Date.now();
    const download = page.waitForEvent('download', { timeout: 180_000 });
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    await (await download).path();
    figures.exportMs = Date.now() - started;
    await page.waitForTimeout(500);
    figures.longestExportTask = (await longTasks(page)).longest;
  }
  if (options.heap) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    figures.heapMiB = await heapInUse(browser, page);
  }
  await page.close();
  return figures;
}

interface TraceEvent {
  name: string;
  ph: string;
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

/**
 * The main thread's and the worker's tasks during `run`, as thread CPU time (a Chrome trace's `tdur`): on
 * a shared machine a task's wall time grows with the load, its CPU time hardly does. ×4 estimates 4x
 * throttling (which slows the page's main thread only, not its workers).
 */
async function cpuTasks(cdp: CDPSession, label: string, run: () => Promise<void>): Promise<void> {
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; their numbers are numbers.
  const collect = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await run();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const threads = new Map<string, string>();
  for (const event of events)
    if (event.name === 'thread_name' && event.args?.name)
      threads.set(`${event.pid}:${event.tid}`, event.args.name);
  for (const thread of ['CrRendererMain', 'DedicatedWorker thread']) {
    const tasks = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === thread)
      .map((e) => (e.tdur ?? 0) / 1000);
    const longest = Math.max(0, ...tasks);
    const total = tasks.reduce((sum, task) => sum + task, 0);
    console.log(
      `${label.padEnd(7)} ${thread === 'CrRendererMain' ? 'main  ' : 'worker'} CPU ${total.toFixed(0).padStart(5)} ms; ` +
        `longest task ${longest.toFixed(1).padStart(5)} ms (×4 ${(longest * 4).toFixed(0).padStart(3)}); ` +
        `tasks over 12.5 ms (50 at ×4): ${tasks.filter((task) => task * 4 > 50).length}`,
    );
  }
}

/** The journey of measureAccounts at 1x, each phase traced (see cpuTasks). */
export async function traceAccountsCpu(browser: Browser, appUrl: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: /Operador/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
  const cdp = await page.context().newCDPSession(page);
  const table = page.getByRole('table', { name: 'Contas da instituição' });
  const search = page.getByRole('searchbox', { name: 'Buscar contas' });
  await cpuTasks(cdp, 'load', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Contas' }).click();
    await table.locator('tbody tr[aria-rowindex]').first().waitFor();
    await page.waitForTimeout(300);
  });
  await page.waitForTimeout(1500);
  await cpuTasks(cdp, 'sort', async () => {
    for (const column of ['Disponível', 'Disponível', 'Nome fantasia', 'CNPJ']) {
      await table.getByRole('button', { name: column }).click();
      await page.waitForTimeout(400);
    }
  });
  await cpuTasks(cdp, 'search', async () => {
    await search.pressSequentially('comercio', { delay: 50 });
    await page.waitForTimeout(800);
  });
  await search.fill('');
  await page.waitForTimeout(800);
  await cpuTasks(cdp, 'scroll', async () => {
    await scrollTable(page, table);
  });
  await page.close();
}

const table = (count: number) =>
  `Accounts: ${count.toLocaleString('en')} accounts, CPU ${CPU_THROTTLING}x (runs: journeys)`;

function accountsJourneyPart(options: {
  name: string;
  count: number;
  label: string;
  goals: Partial<Record<keyof AccountsFigures, GoalId>>;
  heap?: boolean;
  exportCsv?: boolean;
}): BenchPart {
  return {
    name: options.name,
    goals: Object.values(options.goals),
    ports: ({ ports }) => [
      [ports.appSandbox, `the sandbox of ${options.count} accounts`],
      [ports.appPreview, `the preview server (${options.name})`],
    ],
    async run(context: BenchContext): Promise<PartResult> {
      const journeys = await withBenchApp(
        context,
        ['--accounts', String(options.count)],
        async ({ browser, appUrl }) => {
          const list: AccountsFigures[] = [];
          // One journey per invocation: a load of 10,000 or 100,000 accounts is the slow part of the bench.
          context.log(`${options.name}: the journey`);
          list.push(await measureAccounts(browser, appUrl, options));
          return list;
        },
      );
      const runs = (key: keyof AccountsFigures) => journeys.map((journey) => journey[key] ?? NaN);
      const columns: Array<readonly [keyof AccountsFigures, string, 'ms' | 'count' | 'MiB']> = [
        ['responseToFirstRows', 'response → first rows', 'ms'],
        ['longestSortTask', 'longest task: sorting', 'ms'],
        ['longestSearchTask', 'longest task: searching', 'ms'],
        ['longestScrollTask', 'longest task: scrolling', 'ms'],
        ['sortLongTasks', 'tasks > 50 ms: sorting', 'count'],
        ['searchLongTasks', 'tasks > 50 ms: searching', 'count'],
        ['scrollLongTasks', 'tasks > 50 ms: scrolling', 'count'],
      ];
      if (options.exportCsv)
        columns.push(
          ['longestExportTask', 'longest task: CSV export', 'ms'],
          ['exportMs', 'CSV export: click → file', 'ms'],
        );
      if (options.heap) columns.push(['heapMiB', 'JS heap after GC, page + worker', 'MiB']);
      return {
        rows: [
          {
            table: table(options.count),
            label: options.label,
            cells: columns.map(([key, column, unit]) => ({ column, unit, runs: runs(key) })),
          },
        ],
        goals: Object.entries(options.goals).map(([key, id]) => ({
          id,
          runs: runs(key as keyof AccountsFigures),
        })),
        raw: journeys,
      };
    },
  };
}

export const accountsPart = accountsJourneyPart({
  name: 'accounts',
  count: 10_000,
  label: 'app: accounts screen',
  goals: {
    responseToFirstRows: 'accountsFirstRows',
    longestSortTask: 'accountsSortTask',
    longestSearchTask: 'accountsSearchTask',
    longestScrollTask: 'accountsScrollTask',
  },
});

export const accounts100kPart = accountsJourneyPart({
  name: 'accounts-100k',
  count: 100_000,
  label: 'app: accounts screen',
  heap: true,
  exportCsv: true,
  goals: {
    responseToFirstRows: 'accounts100kFirstRows',
    longestSortTask: 'accounts100kSortTask',
    longestSearchTask: 'accounts100kSearchTask',
    longestScrollTask: 'accounts100kScrollTask',
    heapMiB: 'accounts100kHeap',
    longestExportTask: 'accounts100kExportTask',
  },
});

/** `npm run bench:accounts-cpu`: the journey unthrottled, traced (a diagnostic: no goals). */
async function traceMain() {
  process.chdir(APP_ROOT);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium: set CHROMIUM_PATH');
  const count = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
  const ports = benchPorts(Number(process.env.BENCH_PORT_BASE ?? 4480));
  await withBenchApp(
    { executablePath, ports },
    ['--accounts', String(count)],
    async ({ browser, appUrl }) => {
      console.log(`accounts: ${count} rows, CPU time per task at 1x`);
      await traceAccountsCpu(browser, appUrl);
    },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await traceMain();
