/**
 * A command run beside CPU hogs: one busy loop per core, each its own process, started before the command
 * and stopped when it ends, whatever the outcome (a failure, Ctrl-C, a kill of this process). What
 * `npm run test:busy` is made of (scripts/checks/test-busy.ts; docs/testing.md, "A busy machine").
 */
import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A hog: spins, and every hundred million turns checks that the process that started it is still its
 * parent, so that it ends by itself when that one was killed outright (SIGKILL leaves no time to stop it).
 */
const HOG = `
const parent = process.ppid;
for (;;) {
  for (let turn = 0; turn < 1e8; turn += 1);
  if (process.ppid !== parent) process.exit(0);
}
`;

export interface BusyRun {
  /** The hogs' process ids (for a test to look at while the command runs). */
  hogs: number[];
  /** The command's exit code: its own, or 128 + the signal that ended it. */
  exitCode: Promise<number>;
  /** Stops the command (SIGINT, as Ctrl-C does) and the hogs; `exitCode` then settles. */
  interrupt: () => void;
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGTERM: 15,
};

/** Runs `command` (its output through) beside `loops` busy loops. */
export function runBusy(command: string[], loops: number): BusyRun {
  const hogs: ChildProcess[] = Array.from({ length: loops }, () =>
    spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }),
  );
  const stopHogs = () => {
    for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
  };
  // Whatever ends this process from here on (an exception, process.exit), the hogs end with it.
  process.once('exit', stopHogs);

  const [program = '', ...args] = command;
  const child = spawn(program, args, { stdio: 'inherit' });
  const exitCode = new Promise<number>((resolve) => {
    const settle = (code: number) => {
      stopHogs();
      process.removeListener('exit', stopHogs);
      resolve(code);
    };
    child.on('error', (error) => {
      process.stderr.write(`${program}: ${error.message}\n`);
      settle(127);
    });
    child.on('exit', (code, signal) => settle(code ?? 128 + ((signal && SIGNAL_NUMBERS[signal]) ?? 1)));
  });
  return {
    hogs: hogs.flatMap((hog) => (hog.pid === undefined ? [] : [hog.pid])),
    exitCode,
    interrupt: () => {
      stopHogs();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    },
  };
}
