/**
 * `npm run test:busy`: `npm test` beside one busy loop per core (BUSY_LOOPS to choose another number), so
 * that anyone can see the suite hold on a machine whose cores are taken by other work, as CI's machine may
 * be. The loops stop when `npm test` ends, whatever the outcome, and on Ctrl-C; the exit code is
 * `npm test`'s. Arguments go to `npm test` (`npm run test:busy -- --quick`). docs/testing.md says what for.
 */
import { availableParallelism, loadavg } from 'node:os';
import { runBusy } from './busy';

const loops = Number(process.env.BUSY_LOOPS ?? availableParallelism());
if (!Number.isInteger(loops) || loops < 0) {
  process.stderr.write(`BUSY_LOOPS must be a whole number, not ${process.env.BUSY_LOOPS ?? ''}\n`);
  process.exit(2);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const started = Date.now();
process.stdout.write(`test:busy: npm test beside ${loops} busy loops (load average ${load()})\n`);
const run = runBusy(
  ['npm', 'test', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])],
  loops,
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, run.interrupt);
const code = await run.exitCode;
const minutes = (Date.now() - started) / 60_000;
process.stdout.write(
  `test:busy: npm test exited ${code} after ${minutes.toFixed(1)} min beside ${loops} busy loops, now stopped (load average ${load()})\n`,
);
process.exit(code);
