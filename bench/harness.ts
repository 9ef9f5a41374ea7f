/**
 * What every part of `npm run bench` shares: the shape of a part, the throttling, the ports, starting and
 * stopping servers, and the production build served by `vite preview` against its own HTTP sandbox.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import type { GoalId, Unit } from './goals';

/**
 * The app's folder. The bench runs there (`process.chdir(APP_ROOT)` in its entry points) whichever folder
 * it was started from, so that the paths below are the app's: dist/, node_modules/.bin, scripts/dev.
 */
export const APP_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A path given on the command line, from the folder npm was started in (npm --prefix bench runs in bench/). */
export function fromCaller(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Every timed load and keystroke runs with the page's main thread slowed this much (CDP). */
export const CPU_THROTTLING = 4;

/** A figure's value in each run of one invocation; printed as median and min–max. */
export interface FigureCell {
  column: string;
  unit: Unit | 'count';
  runs: number[];
  /** Decimals printed, when not the unit's own (CLS: 3). */
  decimals?: number;
  /** Printed as "—" when every run is 0 (a load time of a text LCP element). */
  blankWhenZero?: boolean;
}

/** A text per run (the LCP element); printed as the most frequent one. */
export interface TextCell {
  column: string;
  texts: string[];
}

export type Cell = FigureCell | TextCell;

export interface Row {
  /** The table the row goes in, by its title. */
  table: string;
  label: string;
  cells: Cell[];
}

/** The runs of one goal's figure (bench/goals.ts judges their median). */
export interface GoalFigure {
  id: GoalId;
  runs: number[];
}

export interface PartResult {
  rows: Row[];
  goals: GoalFigure[];
  /** Extra data for .bench/results.json (not printed). */
  raw?: unknown;
}

export interface BenchPorts {
  /** The floor app (bench/floor), served statically. */
  floor: number;
  /** dist/ in provider mode (token sign-in). */
  signIn: number;
  /** dist/ with OpenID Connect sign-in against the test identity provider. */
  oidcApp: number;
  /** dist/ as a plain static host serves it: config.json beside index.html. */
  plainHost: number;
  /** The HTTP sandbox the static apps talk to, with the identity provider on the next port. */
  sandbox: number;
  identityProvider: number;
  /** Each --compare build: its provider-mode and OIDC servers. */
  compare: ReadonlyArray<{ signIn: number; oidcApp: number }>;
  /** The sandbox and `vite preview` of typing and accounts (one part at a time). */
  appSandbox: number;
  appPreview: number;
}

/** BENCH_PORT_BASE and the next 9 ports: the parts run one after the other, so they reuse them. */
export function benchPorts(base: number): BenchPorts {
  return {
    floor: base,
    signIn: base + 1,
    oidcApp: base + 2,
    sandbox: base + 3,
    identityProvider: base + 4,
    compare: [
      { signIn: base + 5, oidcApp: base + 6 },
      { signIn: base + 7, oidcApp: base + 8 },
    ],
    appSandbox: base + 5,
    appPreview: base + 6,
    plainHost: base + 9,
  };
}

export interface BenchContext {
  executablePath: string;
  /** Loads per page (first paint) and repetitions of a journey. */
  runs: number;
  lighthouseRuns: number;
  /** Whole batches of 1,000 CPFs (each with its floor: about 50 s here); `--batch-runs`, default min(runs, 3). */
  batchRuns: number;
  ports: BenchPorts;
  floorRoot: string;
  /** Other builds measured beside dist/ (`--compare label=path`). */
  compare: ReadonlyArray<{ label: string; root: string }>;
  /** 1-based, for file names and progress lines. */
  invocation: number;
  /** A progress line (not a figure). */
  log: (line: string) => void;
  /** How the batch part reaches the sandbox: `auto` is the gateway when nginx is here (`--batch-via`). */
  batchVia: 'auto' | 'gateway' | 'direct';
}

export interface BenchPart {
  /** Its name for `--only`. */
  name: string;
  /** The goals it reports; a part that throws leaves them unmeasured, which fails them. */
  goals: readonly GoalId[];
  /** The ports it listens on, with what for: checked free before anything starts. */
  ports: (context: Pick<BenchContext, 'ports' | 'compare'>) => Array<[number, string]>;
  run: (context: BenchContext) => Promise<PartResult>;
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The system's Chromium ($CHROMIUM_PATH first), or undefined. */
export function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => typeof candidate === 'string' && existsSync(candidate),
  );
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
}

/** Starts a server in its own process group, so that stopping it also stops what it started (tsx). */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
}

/**
 * Stops servers started by startProcess and waits (up to 15 s) until their ports are free again, so that
 * the next part or invocation starts its own servers there rather than meeting a dying one.
 */
export async function stopProcesses(children: readonly ChildProcess[], ports: readonly number[]) {
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    try {
      process.kill(-child.pid);
    } catch {
      // already gone
    }
  }
  const until = Date.now() + 15_000;
  for (const port of ports)
    while (!(await portIsFree(port)) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
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

/**
 * e2e/config.e2e.json with this benchmark's sandbox port, for the preview server to serve, and the
 * app's default request time-out (the e2e suite's 4 s would cut the 100,000-account list short).
 */
function configFile(sandboxPort: number, previewPort: number): string {
  const dir = path.join(tmpdir(), `cartoes-bench-${previewPort}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'config.json');
  const template = readFileSync('e2e/config.e2e.json', 'utf8');
  const config = JSON.parse(template.replaceAll('127.0.0.1:4400', `127.0.0.1:${sandboxPort}`)) as Record<
    string,
    unknown
  >;
  delete config.requestTimeoutMs;
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** This machine's nginx (as scripts/dev/serve-nginx.ts finds it), or undefined. */
export function findNginx(): string | undefined {
  if (process.env.NGINX_BIN) return existsSync(process.env.NGINX_BIN) ? process.env.NGINX_BIN : undefined;
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '') return onPath;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined;
}

/**
 * The sandbox (with `sandboxArgs`) on `ports.appSandbox` and dist/ served by nginx in gateway mode on
 * `ports.appPreview` (`npm run serve:nginx -- --gateway`: the deployment's own files, the sandbox proxied at
 * /api/ and /accounts/ on the app's origin); runs `bench` with the app's and the sandbox's URLs, then stops
 * both.
 */
export async function withGateway<T>(
  context: Pick<BenchContext, 'ports'>,
  sandboxArgs: string[],
  bench: (appUrl: string, sandboxUrl: string) => Promise<T>,
): Promise<T> {
  if (!existsSync('dist/index.html')) throw new Error('no dist/: run `npx vite build` first');
  if (!findNginx()) throw new Error('no nginx (Debian: apt-get install nginx, or set NGINX_BIN)');
  const { appSandbox, appPreview } = context.ports;
  const children = [
    startProcess('node_modules/.bin/tsx', [
      'scripts/dev/sandbox.ts',
      '--port',
      String(appSandbox),
      ...sandboxArgs,
    ]),
    startProcess(
      'node_modules/.bin/tsx',
      [
        'scripts/dev/serve-nginx.ts',
        '--port',
        String(appPreview),
        '--gateway',
        `http://127.0.0.1:${appSandbox}`,
        // As e2e/config.e2e.json, with the app's default request time-out.
        '--config-json',
        JSON.stringify({
          environmentName: 'bench gateway',
          sendIdempotencyKey: true,
          moneyUnit: 'centavos',
          printedNameMaxLength: 26,
        }),
        // The load comes from one address, 200 connections standing for 200 clients: the per-client cap
        // on requests in flight (default 32) would answer most of them 429.
        '--deploy-json',
        JSON.stringify({ gateway: { connectionsPerClient: 1000 } }),
      ],
      {},
    ),
  ];
  try {
    await waitFor(`http://127.0.0.1:${appSandbox}/__sandbox/stats`, 120_000);
    await waitFor(`http://127.0.0.1:${appPreview}/config.json`, 60_000);
    return await bench(`http://127.0.0.1:${appPreview}`, `http://127.0.0.1:${appSandbox}`);
  } finally {
    await stopProcesses(children, [appSandbox, appPreview]);
  }
}

export interface BenchApp {
  browser: Browser;
  /** The app's origin, e.g. http://127.0.0.1:4915 */
  appUrl: string;
}

/**
 * Starts the sandbox (with `sandboxArgs`), `vite preview` of dist/ pointed at it and a fresh Chromium,
 * runs `bench`, then stops everything.
 */
export async function withBenchApp<T>(
  context: Pick<BenchContext, 'executablePath' | 'ports'>,
  sandboxArgs: string[],
  bench: (app: BenchApp) => Promise<T>,
): Promise<T> {
  if (!existsSync('dist/index.html')) throw new Error('no dist/: run `npx vite build` first');
  const { appSandbox, appPreview } = context.ports;
  const children = [
    startProcess('node_modules/.bin/tsx', [
      'scripts/dev/sandbox.ts',
      '--port',
      String(appSandbox),
      ...sandboxArgs,
    ]),
    startProcess(
      'node_modules/.bin/vite',
      ['preview', '--port', String(appPreview), '--strictPort', '--host', '127.0.0.1'],
      { APP_CONFIG_FILE: configFile(appSandbox, appPreview) },
    ),
  ];
  try {
    // A sandbox of 100,000 accounts takes a while to generate on a busy machine.
    await waitFor(`http://127.0.0.1:${appSandbox}/__sandbox/stats`, 120_000);
    await waitFor(`http://127.0.0.1:${appPreview}/config.json`, 60_000);
    const browser = await launchChromium(context.executablePath);
    try {
      return await bench({ browser, appUrl: `http://127.0.0.1:${appPreview}` });
    } finally {
      await browser.close();
    }
  } finally {
    await stopProcesses(children, [appSandbox, appPreview]);
  }
}
