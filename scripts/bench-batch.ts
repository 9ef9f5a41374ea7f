/**
 * Benchmark of the batch status lookup: 1,000 CPFs against the HTTP sandbox answering every status lookup
 * in 50 ms (`--seed-analyses 1000 --status-delay-ms 50`), in Chromium with the page's CPU throttled 4x.
 * Each run is a whole batch in a fresh page; per run it takes:
 *  - `durationMs`: from the click on "Consultar 1.000 CPFs" to the frame that shows the batch finished,
 *    and `ratio`, that time over the ideal (1,000 × 50 ms / batchConcurrency): goal ≤ 1.15;
 *  - `longestTaskMs`: the longest main-thread task (Long Tasks API) while the results stream in, from the
 *    click to the end: goal ≤ 50 ms;
 *  - `keystrokesMs`: typing in the results filter while they stream in, each keystroke's time from
 *    `keydown` to the frame that shows it (as the typing part measures the wizard): goal ≤ 2 frames at
 *    60 Hz, i.e. painted in the frame after the key;
 *  - `floorMs`: the same lookups with nothing of the app around them, in the same browser at the same
 *    throttling just before the batch: a bare `fetch` loop, as many at once as the app's batchConcurrency,
 *    with the same bearer header (so the same CORS preflights). `durationMs / floorMs` is what the app
 *    adds; `floorMs / idealMs` is what the browser, the sandbox and the machine add before any app code.
 *
 * Self-contained (it shares no code with the other parts, whose harness is being reshaped):
 *  - `runBatchBench(options)` starts its own HTTP sandbox, `vite preview` of dist/ (run `npx vite build`
 *    first) and Chromium, measures, stops them and returns the figures;
 *  - `measureBatch(app, options)` measures in an app already served, whose sandbox was started with
 *    `batchSandboxArgs(options)` (the harness's `withBenchApp(context, batchSandboxArgs(), (app) =>
 *    measureBatch(app))`);
 *  - `batchPartResult(figures)` gives them as `{ rows, goals }`, the shape of a part of `npm run bench`;
 *    `BATCH_GOALS` are the goals they are judged against.
 *
 *   npx tsx scripts/bench-batch.ts [--runs 3] [--cpu 4] [--cpfs 1000] [--delay 50] [--json FILE]
 *   Ports: BENCH_PORT_BASE + 5 (sandbox) and + 6 (preview); 4485 and 4486 without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { seededAnalysisCpfs } from '../src/sandbox/seed';

export interface BatchBenchOptions {
  /** Whole batches measured, each in a fresh page (default 3). */
  runs?: number;
  /** Chromium CPU throttling while the batch runs (default 4, as every part of the bench). */
  cpuThrottling?: number;
  /** CPFs in the batch (default 1,000, the most a batch takes). */
  cpfs?: number;
  /** How late the sandbox answers each status lookup (default 50 ms). */
  statusDelayMs?: number;
  /** A progress line (not a figure). */
  log?: (line: string) => void;
}

export interface BatchRunFigures {
  durationMs: number;
  ratio: number;
  /** The bare fetch loop over the same CPFs (see the top of this file). */
  floorMs: number;
  longestTaskMs: number;
  /** Main-thread tasks over 50 ms while the results streamed in. */
  longTasks: number;
  keystrokesMs: number[];
}

export interface BatchBenchFigures {
  cpfs: number;
  statusDelayMs: number;
  /** The app's batchConcurrency, read from the config.json it was served. */
  concurrency: number;
  cpuThrottling: number;
  idealMs: number;
  runs: BatchRunFigures[];
}

/** The goals of the issue, in the shape of scripts/bench-goals.ts (`batchVsIdeal` is already there). */
export const BATCH_GOALS = {
  batchVsIdeal: { name: 'batch status: 1,000 CPFs at 50 ms / ideal', limit: 1.15, unit: 'x' },
  batchLongestTask: { name: 'batch status: longest task while results stream in', limit: 50, unit: 'ms' },
  batchFilterKeystroke: {
    name: 'batch status: worst filter keydown→frame while results stream in',
    limit: 2 * (1000 / 60),
    unit: 'ms',
  },
} as const;

export type BatchGoalId = keyof typeof BATCH_GOALS;

const DEFAULTS = { runs: 3, cpuThrottling: 4, cpfs: 1000, statusDelayMs: 50 };
/** Typed in the results filter while the batch runs: a tracking code's start, as an analyst would. */
const FILTER_KEYS = 'PRP-2026-1';

/** The sandbox's options for this benchmark: the seeded CPFs and the answer delay. */
export function batchSandboxArgs(options: Pick<BatchBenchOptions, 'cpfs' | 'statusDelayMs'> = {}): string[] {
  return [
    '--seed-analyses',
    String(options.cpfs ?? DEFAULTS.cpfs),
    '--status-delay-ms',
    String(options.statusDelayMs ?? DEFAULTS.statusDelayMs),
  ];
}

declare global {
  interface Window {
    __batchBench?: {
      clickAt: number | null;
      doneAt: number | null;
      longTasks: Array<{ start: number; duration: number }>;
      keystrokes: number[];
    };
  }
}

/** One whole batch in a fresh page: sign in, paste, start, type in the filter while it runs, wait. */
async function measureOnce(
  browser: Browser,
  appUrl: string,
  list: string,
  count: number,
  cpuThrottling: number,
): Promise<Omit<BatchRunFigures, 'ratio' | 'floorMs'>> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  try {
    await page.addInitScript(() => {
      window.__batchBench = { clickAt: null, doneAt: null, longTasks: [], keystrokes: [] };
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries())
          window.__batchBench?.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${appUrl}/`);
    await page.getByRole('button', { name: /Operador/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/entrar'));
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Análises por CPF' })
      .click();
    await page
      .getByRole('navigation', { name: 'Modo de consulta' })
      .getByRole('link', { name: 'Em lote' })
      .click();
    await page.getByRole('textbox', { name: 'CPFs' }).fill(list);
    const start = page.getByRole('button', {
      name: `Consultar ${count.toLocaleString('pt-BR')} CPF${count === 1 ? '' : 's'}`,
    });
    await start.waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    // The click's time and the first frame that shows the batch finished, both in the page's clock.
    await page.evaluate(() => {
      const bench = window.__batchBench;
      if (!bench) throw new Error('no bench state');
      const button = [...document.querySelectorAll('button')].find((b) =>
        /^Consultar .* CPFs?$/.test(b.textContent),
      );
      if (!button) throw new Error('no start button');
      button.addEventListener('click', () => (bench.clickAt = performance.now()), {
        capture: true,
        once: true,
      });
      const observer = new MutationObserver(() => {
        const progress = document.querySelector('[data-testid="batch-progress"]');
        if (bench.doneAt === null && progress && /Concluída/.test(progress.textContent)) {
          observer.disconnect();
          // rAF runs before the frame's paint; the task after it runs after the paint.
          requestAnimationFrame(() => setTimeout(() => (bench.doneAt = performance.now())));
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await start.click();

    // While the answers stream in: the filter, typed at an operator's pace.
    const filter = page.getByRole('searchbox', { name: 'Filtrar resultados' });
    await filter.waitFor();
    await page.waitForTimeout(1500);
    await filter.focus();
    await page.evaluate(() => {
      const field = document.activeElement;
      const bench = window.__batchBench;
      if (!(field instanceof HTMLInputElement) || !bench) throw new Error('the filter is not focused');
      let downAt = 0;
      let before = '';
      field.addEventListener('keydown', () => {
        downAt = performance.now();
        before = field.value;
      });
      field.addEventListener('input', () => {
        if (field.value === before) return;
        const from = downAt;
        requestAnimationFrame(() => setTimeout(() => bench.keystrokes.push(performance.now() - from)));
      });
    });
    for (const key of FILTER_KEYS) {
      await page.keyboard.type(key);
      await page.waitForTimeout(150);
    }

    await page.waitForFunction(() => window.__batchBench?.doneAt !== null, null, {
      timeout: 300_000,
      polling: 250,
    });
    const state = await page.evaluate(() => window.__batchBench);
    if (!state || state.clickAt === null || state.doneAt === null)
      throw new Error('the batch did not finish');
    const { clickAt, doneAt } = state;
    const streaming = state.longTasks.filter((task) => task.start >= clickAt && task.start <= doneAt);
    return {
      durationMs: doneAt - clickAt,
      longestTaskMs: Math.max(0, ...streaming.map((task) => task.duration)),
      longTasks: streaming.length,
      keystrokesMs: state.keystrokes,
    };
  } finally {
    await page.close();
  }
}

/** What the benchmark needs of the config.json the app is served. */
async function servedConfig(appUrl: string): Promise<{ concurrency: number; baseUrl: string }> {
  const config: unknown = await (await fetch(`${appUrl}/config.json`)).json();
  const field = (name: string): unknown =>
    typeof config === 'object' && config !== null && name in config
      ? (config as Record<string, unknown>)[name]
      : undefined;
  const concurrency = field('batchConcurrency');
  const baseUrl = field('baseUrl');
  if (typeof baseUrl !== 'string') throw new Error('the served config.json has no baseUrl');
  // 4: the app's default when the config sets none.
  return { concurrency: typeof concurrency === 'number' ? concurrency : 4, baseUrl };
}

/**
 * The floor: the same status lookups from a page of the app's origin without the app (same CORS), a bare
 * `fetch` loop `concurrency` at a time with the sandbox operator's bearer header, at the same throttling.
 */
async function measureFloor(
  browser: Browser,
  appUrl: string,
  statusUrl: string,
  cpfs: readonly string[],
  concurrency: number,
  cpuThrottling: number,
): Promise<number> {
  const page = await browser.newPage();
  try {
    // The app's origin without the app (a document its server serves, so that the browser treats the
    // origin as the app's own, loopback, which may reach the sandbox).
    await page.goto(`${appUrl}/config.json`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    return await page.evaluate(
      async ({ statusUrl, cpfs, concurrency }) => {
        let next = 0;
        const startedAt = performance.now();
        // Inline, unnamed: tsx would wrap a named function in a helper the page does not have.
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < cpfs.length) {
              const cpf = cpfs[next];
              next += 1;
              const response = await fetch(statusUrl.replace('{document}', cpf ?? ''), {
                headers: { Authorization: 'Bearer sandbox-operator' },
              });
              await response.json();
            }
          }),
        );
        return performance.now() - startedAt;
      },
      { statusUrl, cpfs, concurrency },
    );
  } finally {
    await page.close();
  }
}

/**
 * Measures `runs` whole batches in an app already served whose sandbox was started with
 * `batchSandboxArgs(options)`.
 */
export async function measureBatch(
  app: { browser: Browser; appUrl: string },
  options: BatchBenchOptions = {},
): Promise<BatchBenchFigures> {
  const runs = options.runs ?? DEFAULTS.runs;
  const cpuThrottling = options.cpuThrottling ?? DEFAULTS.cpuThrottling;
  const count = options.cpfs ?? DEFAULTS.cpfs;
  const statusDelayMs = options.statusDelayMs ?? DEFAULTS.statusDelayMs;
  const { concurrency, baseUrl } = await servedConfig(app.appUrl);
  const idealMs = (count * statusDelayMs) / concurrency;
  const cpfs = seededAnalysisCpfs(count);
  const statusUrl = `${baseUrl}/v1/cards/request/{document}/`;
  const results: BatchRunFigures[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const floorMs = await measureFloor(app.browser, app.appUrl, statusUrl, cpfs, concurrency, cpuThrottling);
    const once = await measureOnce(app.browser, app.appUrl, cpfs.join('\n'), count, cpuThrottling);
    results.push({ ...once, floorMs, ratio: once.durationMs / idealMs });
    options.log?.(
      `batch: run ${run}/${runs} done in ${once.durationMs.toFixed(0)} ms (floor ${floorMs.toFixed(0)} ms)`,
    );
  }
  return { cpfs: count, statusDelayMs, concurrency, cpuThrottling, idealMs, runs: results };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitForUrl(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Its own process group, so that stopping it also stops what it started (tsx runs a child node). */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
}

/** e2e/config.e2e.json pointed at this sandbox, with the app's default request time-out. */
function configFile(sandboxPort: number, previewPort: number): string {
  const dir = path.join(tmpdir(), `cartoes-bench-batch-${previewPort}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'config.json');
  const template = readFileSync('e2e/config.e2e.json', 'utf8').replaceAll(
    '127.0.0.1:4400',
    `127.0.0.1:${sandboxPort}`,
  );
  const config = JSON.parse(template) as Record<string, unknown>;
  // The e2e suite's 4 s time-out is for its fault tests; a benchmark measures the app as deployed.
  delete config.requestTimeoutMs;
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** The system's Chromium ($CHROMIUM_PATH first). */
function findChromium(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => typeof candidate === 'string' && existsSync(candidate),
  );
  if (!found) throw new Error('no Chromium: set CHROMIUM_PATH');
  return found;
}

/** The ports it listens on: BENCH_PORT_BASE + 5 and + 6, where the other parts' app servers go. */
export function batchBenchPorts(base = Number(process.env.BENCH_PORT_BASE ?? 4480)) {
  return { sandbox: base + 5, preview: base + 6 };
}

/**
 * The whole benchmark: starts the sandbox (`batchSandboxArgs`), `vite preview` of dist/ and Chromium,
 * measures (`measureBatch`) and stops them, whatever happens.
 */
export async function runBatchBench(
  options: BatchBenchOptions & { ports?: { sandbox: number; preview: number }; executablePath?: string } = {},
): Promise<BatchBenchFigures> {
  if (!existsSync('dist/index.html')) throw new Error('no dist/: run `npx vite build` first');
  const ports = options.ports ?? batchBenchPorts();
  for (const port of [ports.sandbox, ports.preview])
    if (!(await portIsFree(port)))
      throw new Error(`port ${port} is already in use on 127.0.0.1: set BENCH_PORT_BASE to free ports`);
  const children = [
    startProcess('node_modules/.bin/tsx', [
      'scripts/sandbox.ts',
      '--port',
      String(ports.sandbox),
      ...batchSandboxArgs(options),
    ]),
    startProcess(
      'node_modules/.bin/vite',
      ['preview', '--port', String(ports.preview), '--strictPort', '--host', '127.0.0.1'],
      { APP_CONFIG_FILE: configFile(ports.sandbox, ports.preview) },
    ),
  ];
  try {
    await waitForUrl(`http://127.0.0.1:${ports.sandbox}/__sandbox/stats`, 120_000);
    await waitForUrl(`http://127.0.0.1:${ports.preview}/config.json`, 60_000);
    const browser = await chromium.launch({
      executablePath: options.executablePath ?? findChromium(),
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      return await measureBatch({ browser, appUrl: `http://127.0.0.1:${ports.preview}` }, options);
    } finally {
      await browser.close();
    }
  } finally {
    for (const child of children) {
      if (child.pid === undefined || child.exitCode !== null) continue;
      try {
        process.kill(-child.pid);
      } catch {
        // already gone
      }
    }
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The worst keystroke of each run: what the filter goal judges (its median over the runs). */
const worstKeystrokes = (figures: BatchBenchFigures) =>
  figures.runs.map((run) => (run.keystrokesMs.length > 0 ? Math.max(...run.keystrokesMs) : NaN));

/**
 * The figures as a part of `npm run bench` reports them: one table row of every figure's runs, and the
 * runs of each goal's figure (the judge takes their median).
 */
export function batchPartResult(figures: BatchBenchFigures) {
  const runsOf = (pick: (run: BatchRunFigures) => number) => figures.runs.map(pick);
  const row = {
    table: `Batch status lookup: ${figures.cpfs} CPFs, answers in ${figures.statusDelayMs} ms, concurrency ${figures.concurrency}, CPU ${figures.cpuThrottling}x`,
    label: `ideal ${Math.round(figures.idealMs)} ms`,
    cells: [
      { column: 'done', unit: 'ms' as const, runs: runsOf((run) => run.durationMs) },
      { column: 'done / ideal', unit: 'x' as const, runs: runsOf((run) => run.ratio) },
      { column: 'floor (bare fetch)', unit: 'ms' as const, runs: runsOf((run) => run.floorMs) },
      { column: 'floor / ideal', unit: 'x' as const, runs: runsOf((run) => run.floorMs / figures.idealMs) },
      { column: 'done / floor', unit: 'x' as const, runs: runsOf((run) => run.durationMs / run.floorMs) },
      { column: 'longest task', unit: 'ms' as const, runs: runsOf((run) => run.longestTaskMs) },
      { column: 'tasks > 50 ms', unit: 'count' as const, runs: runsOf((run) => run.longTasks) },
      { column: 'keystroke median', unit: 'ms' as const, runs: runsOf((run) => median(run.keystrokesMs)) },
      { column: 'keystroke worst', unit: 'ms' as const, runs: worstKeystrokes(figures) },
    ],
  };
  const goals: Array<{ id: BatchGoalId; runs: number[] }> = [
    { id: 'batchVsIdeal', runs: runsOf((run) => run.ratio) },
    { id: 'batchLongestTask', runs: runsOf((run) => run.longestTaskMs) },
    { id: 'batchFilterKeystroke', runs: worstKeystrokes(figures) },
  ];
  return { rows: [row], goals, raw: figures };
}

/** The figures as lines for a terminal: median (min–max) over the runs, each against its goal. */
export function formatBatchFigures(figures: BatchBenchFigures): string[] {
  const { rows, goals } = batchPartResult(figures);
  const show = (runs: readonly number[], decimals: number) =>
    `${median(runs).toFixed(decimals)} (${Math.min(...runs).toFixed(decimals)}–${Math.max(...runs).toFixed(decimals)})`;
  const lines = [`${rows[0]?.table ?? ''}, ${figures.runs.length} runs: median (min–max)`];
  for (const cell of rows[0]?.cells ?? [])
    lines.push(`  ${cell.column.padEnd(18)} ${show(cell.runs, cell.unit === 'x' ? 3 : 0)} ${cell.unit}`);
  for (const goal of goals) {
    const spec = BATCH_GOALS[goal.id];
    const value = median(goal.runs);
    lines.push(
      `${value <= spec.limit ? 'met ' : 'OVER'} ${spec.name}: ${value.toFixed(spec.unit === 'x' ? 3 : 1)} ${spec.unit} (goal ≤ ${spec.limit.toFixed(spec.unit === 'x' ? 2 : 1)})`,
    );
  }
  return lines;
}

function isMainModule(): boolean {
  const started = process.argv[1];
  return started !== undefined && path.resolve(started) === fileURLToPath(import.meta.url);
}

if (isMainModule()) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: String(DEFAULTS.runs) },
      cpu: { type: 'string', default: String(DEFAULTS.cpuThrottling) },
      cpfs: { type: 'string', default: String(DEFAULTS.cpfs) },
      delay: { type: 'string', default: String(DEFAULTS.statusDelayMs) },
      json: { type: 'string' },
    },
    strict: true,
  });
  const figures = await runBatchBench({
    runs: Number(values.runs),
    cpuThrottling: Number(values.cpu),
    cpfs: Number(values.cpfs),
    statusDelayMs: Number(values.delay),
    log: (line) => console.error(line),
  });
  for (const line of formatBatchFigures(figures)) console.log(line);
  if (values.json) writeFileSync(values.json, JSON.stringify(figures, null, 2));
}
