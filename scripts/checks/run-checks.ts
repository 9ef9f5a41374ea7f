/**
 * `npm test`: every check CI runs, in order, stopping at the first failure; then the wall time of each step
 * against its budget and the ten slowest tests of Vitest and of Playwright (their JSON reports).
 * `npm run test:quick` (`--quick`): the inner loop, types, lint and the Vitest tests related to the files
 * changed since the last commit.
 *
 * The static checks run side by side (two cores, three processes that mostly wait on each other's CPU less
 * than they would in a row); the rest in a row, because each one needs the machine to itself to keep its
 * own time bounds.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Step {
  name: string;
  /** Commands run side by side; the step fails when any fails. */
  commands: string[][];
  /** Seconds this step may take on an idle 2-core machine (docs/testing.md). */
  budgetSeconds: number;
}

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });

/** The quick loop's incremental type check and lint cache. */
const CACHE = 'node_modules/.cache/test-quick';

/** Where Vitest and Playwright write their JSON reports (Playwright empties test-results/ as it starts). */
const REPORTS = '.test-reports';

/** Files changed since the last commit (staged, unstaged, new), for the quick loop. */
async function changedFiles(): Promise<string[]> {
  const output = await capture(['git', 'status', '--porcelain', '--untracked-files=all']);
  return output
    .split('\n')
    .map((line) => line.slice(3).split(' -> ').pop() ?? '')
    .filter((file) => /\.(ts|tsx|js)$/.test(file) && existsSync(file));
}

/**
 * The bench is a package of its own (bench/package.json: Lighthouse, Puppeteer, autocannon), so that the
 * app's `npm ci` does not install them; its code is still type-checked and linted here, which needs its
 * packages. Installed when they are missing or older than bench/package-lock.json.
 */
function benchPackagesStep(): Step[] {
  const installed = 'bench/node_modules/.package-lock.json';
  const current =
    existsSync(installed) && statSync(installed).mtimeMs >= statSync('bench/package-lock.json').mtimeMs;
  if (current) return [];
  return [
    {
      name: "the bench's packages (npm ci in bench/)",
      commands: [['npm', 'ci', '--prefix', 'bench', '--no-audit', '--no-fund', '--prefer-offline']],
      budgetSeconds: 60,
    },
  ];
}

async function steps(): Promise<Step[]> {
  if (values.quick) {
    const changed = await changedFiles();
    return [
      {
        name: 'types + lint (changed files)',
        // Incremental and cached between quick runs (node_modules/.cache): the full `npm test` decides.
        commands: [
          [
            'npx',
            'tsc',
            '-p',
            'tsconfig.json',
            '--incremental',
            '--tsBuildInfoFile',
            `${CACHE}/tsc.tsbuildinfo`,
          ],
          ...(changed.length > 0
            ? [
                [
                  'npx',
                  'eslint',
                  '--max-warnings',
                  '0',
                  '--cache',
                  '--cache-location',
                  `${CACHE}/eslint`,
                  ...changed,
                ],
              ]
            : []),
        ],
        budgetSeconds: 60,
      },
      {
        name: 'tests related to the changed files',
        commands: [['npx', 'vitest', 'related', '--run', '--passWithNoTests', ...changed]],
        budgetSeconds: 60,
      },
    ];
  }
  return [
    ...benchPackagesStep(),
    {
      name: 'types, lint, format',
      commands: [
        ['npx', 'tsc', '-p', 'tsconfig.json'],
        ['npx', 'tsc', '-p', 'bench'],
        ['npx', 'eslint', '.', '--max-warnings', '0'],
        ['npx', 'prettier', '--check', '.', '--log-level', 'warn'],
        ['npx', 'tsx', 'scripts/checks/import-cycles.ts'],
        ['npx', 'tsx', 'scripts/checks/file-names.ts'],
      ],
      budgetSeconds: 90,
    },
    {
      name: 'unit and page tests (Vitest)',
      commands: [
        [
          'npx',
          'vitest',
          'run',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${REPORTS}/vitest.json`,
        ],
      ],
      budgetSeconds: 180,
    },
    {
      name: 'build + size budget',
      commands: [['sh', '-c', 'npm run --silent build -- --logLevel warn && npm run --silent size']],
      budgetSeconds: 45,
    },
    {
      name: 'end-to-end (Playwright, preview)',
      commands: [['npx', 'playwright', 'test']],
      budgetSeconds: 480,
    },
    {
      // Every screen as a picture against its baseline (playwright.visual.config.ts, docs/testing.md).
      name: 'pictures (Playwright, visual)',
      commands: [['npx', 'playwright', 'test', '-c', 'playwright.visual.config.ts']],
      budgetSeconds: 90,
    },
    {
      name: 'end-to-end (Playwright, nginx)',
      commands: [['npx', 'playwright', 'test', '-c', 'playwright.nginx.config.ts']],
      budgetSeconds: 90,
    },
  ];
}

function capture(command: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const [program = '', ...args] = command;
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}

/** Runs `command`, its output through (side by side: prefixed by the program's name). */
function run(command: string[], prefixed: boolean): Promise<number> {
  return new Promise((resolve) => {
    const [program = '', ...args] = command;
    const child = spawn(program, args, { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefixed) {
      const label = `[${args[0] ?? program}] `;
      const relay = (target: NodeJS.WriteStream) => (chunk: Buffer) =>
        target.write(
          chunk
            .toString()
            .split('\n')
            .map((line) => (line === '' ? line : label + line))
            .join('\n'),
        );
      child.stdout?.on('data', relay(process.stdout));
      child.stderr?.on('data', relay(process.stderr));
    }
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

interface Timed {
  seconds: number;
  name: string;
}

/** The ten slowest tests of the Vitest JSON report, if it is there. */
function slowestVitest(): Timed[] {
  const file = `${REPORTS}/vitest.json`;
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: Array<{ name: string; assertionResults: Array<{ title: string; duration?: number }> }>;
  };
  return report.testResults
    .flatMap((result) =>
      result.assertionResults.map((test) => ({
        seconds: (test.duration ?? 0) / 1000,
        name: `${result.name.replace(`${process.cwd()}/`, '')} › ${test.title}`,
      })),
    )
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
}

interface PlaywrightSuite {
  file?: string;
  specs?: Array<{
    title: string;
    line: number;
    tests: Array<{ projectName: string; results: Array<{ duration: number }> }>;
  }>;
  suites?: PlaywrightSuite[];
}

/** The ten slowest tests of a Playwright JSON report, if it is there. */
function slowestPlaywright(file: string): Timed[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
  const timed: Timed[] = [];
  const walk = (suite: PlaywrightSuite, path: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          timed.push({
            seconds: result.duration / 1000,
            name: `[${test.projectName}] ${path}:${spec.line} › ${spec.title}`,
          });
    for (const child of suite.suites ?? []) walk(child, child.file ?? path);
  };
  for (const suite of report.suites) walk(suite, suite.file ?? '');
  return timed.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
}

const format = (seconds: number) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
    : `${seconds.toFixed(1)} s`;

// This run's reports only: a step that fails before writing its own leaves none behind from an earlier run.
rmSync(REPORTS, { recursive: true, force: true });
const started = Date.now();
const results: Array<{ step: Step; seconds: number; code: number }> = [];
for (const step of await steps()) {
  process.stdout.write(`\n▶ ${step.name}\n`);
  const stepStarted = Date.now();
  const codes = await Promise.all(step.commands.map((command) => run(command, step.commands.length > 1)));
  const code = codes.find((value) => value !== 0) ?? 0;
  results.push({ step, seconds: (Date.now() - stepStarted) / 1000, code });
  if (code !== 0) break;
}

const total = (Date.now() - started) / 1000;
const failed = results.find((result) => result.code !== 0);
const lines = [
  '',
  `${values.quick ? 'npm run test:quick' : 'npm test'}: ${failed ? `FAILED at "${failed.step.name}"` : 'all green'} in ${format(total)}`,
  '',
  'step                                   wall      budget',
  ...results.map(({ step, seconds, code }) =>
    [
      `${code === 0 ? '✓' : '✗'} ${step.name}`.padEnd(38),
      format(seconds).padStart(9),
      format(step.budgetSeconds).padStart(10),
      seconds > step.budgetSeconds ? '  over budget' : '',
    ].join(' '),
  ),
];
if (!values.quick) {
  const vitest = slowestVitest();
  const playwright = [
    ...slowestPlaywright(`${REPORTS}/playwright.json`),
    ...slowestPlaywright(`${REPORTS}/playwright-nginx.json`),
    ...slowestPlaywright(`${REPORTS}/playwright-visual.json`),
  ]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  for (const [title, list] of [
    ['ten slowest Vitest tests', vitest],
    ['ten slowest Playwright tests', playwright],
  ] as const) {
    if (list.length === 0) continue;
    lines.push(
      '',
      `${title}:`,
      ...list.map(({ seconds, name }) => `${format(seconds).padStart(9)}  ${name}`),
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(failed ? failed.code : 0);
