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
 *    with the same bearer header (so the same CORS preflights, or none through the gateway). `durationMs /
 *    floorMs` is what the app adds; `floorMs / idealMs` is what the browser, the sandbox and the machine add
 *    before any app code.
 *
 * The part `batch` of `npm run bench` (`--only batch`): the harness serves dist/ against a sandbox started
 * with `batchSandboxArgs()`, `measureBatch` measures `--runs` whole batches there and `batchPartResult`
 * gives the figures as `{ rows, goals }`; the goals are in bench/goals.ts. Two ways to the sandbox
 * (`--batch-via`): through nginx in gateway mode (`withGateway`: the app and the lookups on one origin, no
 * CORS preflight), the default when nginx is here; or straight from `vite preview` to the sandbox's own
 * origin (`withBenchApp`: a preflight per CPF). The table says which.
 */
import type { Browser } from '@playwright/test';
import { seededAnalysisCpfs } from '@/sandbox/seed';
import {
  CPU_THROTTLING,
  findNginx,
  launchChromium,
  withBenchApp,
  withGateway,
  type BenchContext,
  type BenchPart,
  type PartResult,
} from './harness';
import { median } from './stats';

export interface BatchBenchOptions {
  /** Whole batches measured, each in a fresh page (default 3). */
  runs?: number;
  /** Chromium CPU throttling while the batch runs (default CPU_THROTTLING, as every part of the bench). */
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

/** How the page reached the sandbox. */
export type BatchVia = 'gateway' | 'direct';

const VIA_TEXT: Record<BatchVia, string> = {
  gateway: 'through nginx in gateway mode (same origin, no CORS preflight)',
  direct: 'straight to the sandbox from vite preview (another origin: a CORS preflight per CPF)',
};

export interface BatchBenchFigures {
  via?: BatchVia;
  cpfs: number;
  statusDelayMs: number;
  /** The app's batchConcurrency, read from the config.json it was served. */
  concurrency: number;
  cpuThrottling: number;
  idealMs: number;
  runs: BatchRunFigures[];
}

const DEFAULTS = { runs: 3, cpuThrottling: CPU_THROTTLING, cpfs: 1000, statusDelayMs: 50 };
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

/** The worst keystroke of each run: what the filter goal judges (its median over the runs). */
const worstKeystrokes = (figures: BatchBenchFigures) =>
  figures.runs.map((run) => (run.keystrokesMs.length > 0 ? Math.max(...run.keystrokesMs) : NaN));

/**
 * The figures as a part of `npm run bench` reports them: one table row of every figure's runs, and the
 * runs of each goal's figure (the judge takes their median).
 */
export function batchPartResult(figures: BatchBenchFigures): PartResult {
  const runsOf = (pick: (run: BatchRunFigures) => number) => figures.runs.map(pick);
  const row = {
    table: `Batch status lookup: ${figures.cpfs} CPFs, answers in ${figures.statusDelayMs} ms, concurrency ${figures.concurrency}, CPU ${figures.cpuThrottling}x, ${VIA_TEXT[figures.via ?? 'direct']}`,
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
  const goals: PartResult['goals'] = [
    { id: 'batchVsIdeal', runs: runsOf((run) => run.ratio) },
    { id: 'batchLongestTask', runs: runsOf((run) => run.longestTaskMs) },
    { id: 'batchFilterKeystroke', runs: worstKeystrokes(figures) },
  ];
  return { rows: [row], goals, raw: figures };
}

export const batchPart: BenchPart = {
  name: 'batch',
  goals: ['batchVsIdeal', 'batchLongestTask', 'batchFilterKeystroke'],
  ports: ({ ports }) => [
    [ports.appSandbox, 'the sandbox (batch)'],
    [ports.appPreview, 'the preview server (batch)'],
  ],
  async run(context: BenchContext) {
    const via: BatchVia =
      context.batchVia === 'auto' ? (findNginx() ? 'gateway' : 'direct') : context.batchVia;
    context.log(`batch: ${VIA_TEXT[via]}`);
    const measure = (app: { browser: Browser; appUrl: string }) =>
      measureBatch(app, { runs: context.batchRuns, log: context.log });
    const figures =
      via === 'gateway'
        ? await withGateway(context, batchSandboxArgs(), async (appUrl) => {
            const browser = await launchChromium(context.executablePath);
            try {
              return await measure({ browser, appUrl });
            } finally {
              await browser.close();
            }
          })
        : await withBenchApp(context, batchSandboxArgs(), measure);
    return batchPartResult({ ...figures, via });
  },
};
