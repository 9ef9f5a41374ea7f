/**
 * `npm run bench`: every performance figure, on this machine, now, against the goals of
 * bench/goals.ts.
 *
 *  1. Builds the app (dist/) and a one-screen floor app of the same stack (bench/floor →
 *     node_modules/.cache/bench-floor), unless --skip-build.
 *  2. Runs each part (first paint, Lighthouse, typing, interactions, 10,000 and 100,000 accounts, the
 *     batch status lookup: one file each, the same shape, `run(context) → { rows, goals }`) with its own
 *     fresh browser and servers.
 *  3. `--invocations N` repeats step 2 N times; every figure is then the median of the N medians, with
 *     their min–max. Prints the tables (bench/report.ts) and one verdict per goal (one judge:
 *     bench/goals.ts), and writes every raw run to .bench/results.json (or --json FILE).
 *
 *   npm run bench [-- --runs 5] [--invocations 3] [--lighthouse-runs 5] [--batch-runs 3]
 *                 [--only first-paint,lighthouse,typing,interactions,accounts,accounts-100k,batch]
 *                 [--batch-via gateway|direct] (default: gateway when nginx is here)
 *                 [--compare label=path/to/other/dist] (at most 2) [--skip-build]
 *                 [--strict] [--open-goal 'typing:'] [--json .bench/results.json]
 *   Ports: BENCH_PORT_BASE (default 4480) and the next 9; all checked free before anything starts.
 *   Exit code: 0; 1 when a goal that is not open is more than 1.5x past (with --strict: any goal past
 *   at all), or was not measured; 2 when it could not start (no Chromium, a port taken, no build, an
 *   unknown part).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { accounts100kPart, accountsPart } from './accounts';
import { batchPart } from './batch';
import { firstPaintPart } from './first-paint';
import { FAIL_FACTOR, judge, type GoalId } from './goals';
import {
  APP_ROOT,
  benchPorts,
  CPU_THROTTLING,
  findChromium,
  fromCaller,
  portIsFree,
  type BenchContext,
  type BenchPart,
  type PartResult,
  type Row,
} from './harness';
import { inpPart } from './inp';
import { lighthousePart } from './lighthouse';
import { renderTables, renderVerdicts } from './report';
import { acrossInvocations } from './stats';
import { typingPart } from './typing';

/** Every part, in the order they run. */
const allParts: BenchPart[] = [
  firstPaintPart,
  lighthousePart,
  typingPart,
  inpPart,
  accountsPart,
  accounts100kPart,
  batchPart,
];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    invocations: { type: 'string', default: '1' },
    'lighthouse-runs': { type: 'string' },
    'batch-runs': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string', default: allParts.map((part) => part.name).join(',') },
    compare: { type: 'string', multiple: true, default: [] },
    json: { type: 'string' },
    strict: { type: 'boolean', default: false },
    'open-goal': { type: 'string', multiple: true, default: [] },
    'batch-via': { type: 'string', default: 'auto' },
  },
});

/** Stops with a message that says what to do, rather than a stack trace from inside a part. */
function stop(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < 1) stop(`--${name} must be a whole number ≥ 1, not ${value}`);
  return number;
}

const floorRoot = 'node_modules/.cache/bench-floor';

/** Where the raw runs go without --json (the app's .bench/, ignored by git). */
const DEFAULT_JSON = path.join(APP_ROOT, '.bench/results.json');

function build() {
  const run = (args: string[]) =>
    execFileSync('node_modules/.bin/vite', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`building the app (dist/) and the floor (${floorRoot})…`);
  run(['build', '--logLevel', 'warn']);
  run(['build', '--config', 'bench/floor/vite.config.ts', '--logLevel', 'warn']);
}

/**
 * Every port the chosen parts will listen on must be free before anything starts: a server of someone
 * else's on a port would otherwise be measured in place of ours (or a part would time out without saying
 * why).
 */
async function checkPorts(parts: readonly BenchPart[], context: Pick<BenchContext, 'ports' | 'compare'>) {
  const wanted = new Map<number, string>();
  for (const part of parts) for (const [port, use] of part.ports(context)) wanted.set(port, use);
  const taken: string[] = [];
  for (const [port, use] of wanted) if (!(await portIsFree(port))) taken.push(`${port} (${use})`);
  if (taken.length > 0)
    stop(
      `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use on 127.0.0.1. Another bench or server is running there; ` +
        `stop it, or set BENCH_PORT_BASE to the first of 9 free ports (now ${context.ports.floor}).`,
    );
}

const firstLine = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);

interface Invocation {
  startedAt: string;
  loadAverage: { start: number[]; end: number[] };
  parts: Record<string, PartResult | { error: string }>;
}

async function main() {
  process.chdir(APP_ROOT);
  const names = options.only.split(',').filter(Boolean);
  const unknown = names.filter((name) => !allParts.some((part) => part.name === name));
  if (unknown.length > 0)
    stop(`unknown --only part ${unknown.join(', ')}; known: ${allParts.map((part) => part.name).join(', ')}`);
  const parts = allParts.filter((part) => names.includes(part.name));
  const runs = positive('runs', options.runs, 5);
  const invocations = positive('invocations', options.invocations, 1);
  const compare = options.compare.map((entry) => {
    const [label, root] = entry.includes('=') ? entry.split('=', 2) : [path.basename(entry), entry];
    return { label: label ?? entry, root: fromCaller(root ?? entry) };
  });
  const batchVia = options['batch-via'];
  if (batchVia !== 'auto' && batchVia !== 'gateway' && batchVia !== 'direct')
    stop(`--batch-via must be gateway or direct, not ${batchVia}`);
  const ports = benchPorts(Number(process.env.BENCH_PORT_BASE ?? 4480));
  if (compare.length > ports.compare.length) stop(`at most ${ports.compare.length} --compare builds`);
  for (const { label, root } of compare)
    if (!existsSync(path.join(root, 'index.html'))) stop(`--compare ${label}: no index.html in ${root}`);
  const executablePath = findChromium();
  if (!executablePath)
    stop(
      'no Chromium: looked at $CHROMIUM_PATH, /usr/bin/chromium and /usr/bin/chromium-browser. ' +
        "Install the system's Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
    );
  await checkPorts(parts, { ports, compare });
  if (!options['skip-build']) build();
  if (!existsSync('dist/index.html') || !existsSync(path.join(floorRoot, 'index.html')))
    stop('no build of the app (dist/) or of the floor: run without --skip-build');

  const done: Invocation[] = [];
  for (let invocation = 1; invocation <= invocations; invocation += 1) {
    const context: BenchContext = {
      executablePath,
      runs,
      lighthouseRuns: positive('lighthouse-runs', options['lighthouse-runs'], runs),
      batchRuns: positive('batch-runs', options['batch-runs'], Math.min(runs, 3)),
      ports,
      floorRoot,
      compare,
      invocation,
      log: (line) => console.log(`  [${invocation}/${invocations}] ${line}`),
      batchVia,
    };
    const current: Invocation = {
      startedAt: new Date().toISOString(),
      loadAverage: { start: loadavg(), end: [] },
      parts: {},
    };
    console.log(
      `invocation ${invocation} of ${invocations}, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    for (const part of parts) {
      try {
        current.parts[part.name] = await part.run(context);
      } catch (error) {
        // A page that never showed what a part waits for (a machine too busy, or a real break): one line,
        // its goals count as not measured, and the other parts still run.
        console.log(`  [${invocation}/${invocations}] ${part.name}: could not measure: ${firstLine(error)}`);
        current.parts[part.name] = { error: firstLine(error) };
      }
    }
    current.loadAverage.end = loadavg();
    done.push(current);
  }

  const rowsOf = (invocation: Invocation): Row[] =>
    Object.values(invocation.parts).flatMap((result) => ('rows' in result ? result.rows : []));
  console.log('');
  for (const line of renderTables(done.map(rowsOf))) console.log(line);

  const figures = parts.flatMap((part) =>
    part.goals.map((id: GoalId) => ({
      id,
      figure: acrossInvocations(
        done.map((invocation) => {
          const result = invocation.parts[part.name];
          return (result && 'goals' in result && result.goals.find((goal) => goal.id === id)?.runs) || [NaN];
        }),
      ),
    })),
  );
  const verdict = judge(figures, { strict: options.strict, openGoals: options['open-goal'] });
  console.log(
    `\nGoals: ${
      options.strict
        ? 'FAIL past the goal at all (--strict)'
        : `FAIL when more than ${FAIL_FACTOR}x past the goal or not measured; an open goal does not set the exit code`
    }\n`,
  );
  for (const line of renderVerdicts(verdict.verdicts)) console.log(line);
  const errors = done.flatMap((invocation, index) =>
    Object.entries(invocation.parts).flatMap(([name, result]) =>
      'error' in result ? [`invocation ${index + 1}, ${name}: ${result.error}`] : [],
    ),
  );
  if (errors.length > 0) console.log(`\nNot measured:\n${errors.map((line) => `  ${line}`).join('\n')}`);

  const results = {
    date: new Date().toISOString(),
    command: process.argv.slice(2),
    cpuThrottling: CPU_THROTTLING,
    runs,
    invocations: done,
    goals: verdict.verdicts.map(({ id, spec, figure, over, status, open }) => ({
      id,
      ...spec,
      median: figure.median,
      min: figure.min,
      max: figure.max,
      perInvocation: figure.invocations,
      over,
      status,
      open,
    })),
  };
  const json = options.json === undefined ? DEFAULT_JSON : fromCaller(options.json);
  mkdirSync(path.dirname(json), { recursive: true });
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(APP_ROOT, json)}`);
  if (verdict.failed) process.exitCode = 1;
}

await main();
