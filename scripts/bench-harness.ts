/**
 * What both browser benchmarks share: the production build served by `vite preview` (dist/ must exist),
 * pointed at its own HTTP sandbox, and a Chromium to drive; then a report against budgets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';

export interface BenchApp {
  browser: Browser;
  /** The app's origin, e.g. http://127.0.0.1:4263 */
  appUrl: string;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  // Its own process group, so that stopping it also stops what it started (tsx runs a child node).
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Resolves once `url` answers 2xx; polls every 200 ms (a server just spawned). */
export async function waitFor(url: string, timeoutMs = 30_000) {
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

/** e2e/config.e2e.json with this benchmark's sandbox port, for the preview server to serve. */
function configFile(sandboxPort: number, previewPort: number): string {
  const dir = path.join(tmpdir(), `cartoes-bench-${previewPort}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'config.json');
  const template = readFileSync('e2e/config.e2e.json', 'utf8');
  writeFileSync(file, template.replaceAll('127.0.0.1:4400', `127.0.0.1:${sandboxPort}`));
  return file;
}

/** Starts the sandbox (with `sandboxArgs`) and the preview server, runs `bench`, then stops everything. */
export async function withBenchApp(
  ports: { sandbox: number; preview: number },
  sandboxArgs: string[],
  bench: (app: BenchApp) => Promise<void>,
): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('no dist/: run `npx vite build` first');
  // Before starting anything: a server of someone else's on one of these ports would answer the waits
  // below and be measured in place of ours (the preview's own "port in use" goes to an ignored stdout).
  for (const port of [ports.sandbox, ports.preview])
    if (!(await portIsFree(port)))
      throw new Error(
        `port ${port} is already in use on 127.0.0.1 (another bench or server?); choose other ports (BENCH_PORT_BASE for npm run bench, the script header otherwise)`,
      );
  const children = [
    start('node_modules/.bin/tsx', ['scripts/sandbox.ts', '--port', String(ports.sandbox), ...sandboxArgs]),
    start(
      'node_modules/.bin/vite',
      ['preview', '--port', String(ports.preview), '--strictPort', '--host', '127.0.0.1'],
      { APP_CONFIG_FILE: configFile(ports.sandbox, ports.preview) },
    ),
  ];
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH].find(
    (candidate): candidate is string => typeof candidate === 'string' && existsSync(candidate),
  );
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitFor(`http://127.0.0.1:${ports.sandbox}/__sandbox/stats`);
    await waitFor(`http://127.0.0.1:${ports.preview}/config.json`);
    await bench({ browser, appUrl: `http://127.0.0.1:${ports.preview}` });
  } finally {
    await browser.close();
    for (const child of children) if (child.pid !== undefined) process.kill(-child.pid);
  }
}

/** Prints each figure against its budget; sets a failing exit code when one is over (or not a number). */
export function reportAgainstBudgets(
  results: Record<string, number>,
  budgets: Record<string, number>,
  decimals: number,
): void {
  let over = false;
  for (const [name, value] of Object.entries(results)) {
    const budget = budgets[name] ?? NaN;
    const ok = Number.isFinite(value) && value <= budget;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${name.padEnd(20)} ${value.toFixed(decimals).padStart(7)} ms (budget ${budget} ms)`,
    );
  }
  if (over) process.exitCode = 1;
}

/** True when the module at `moduleUrl` is the script node was started with (not imported by bench.ts). */
export function isMainModule(moduleUrl: string): boolean {
  const started = process.argv[1];
  return started !== undefined && path.resolve(started) === fileURLToPath(moduleUrl);
}
