import { readFileSync } from 'node:fs';
import { runBusy } from './busy';

/** Whether a process with this id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The CPU time a process has used in user mode, in clock ticks (/proc/<pid>/stat, field 14). */
const userTicks = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[11] ?? Number.NaN);

/** A node command that runs `code`. */
const node = (code: string) => [process.execPath, '-e', code];

describe('runBusy (npm run test:busy)', () => {
  it('spins one hog per loop while the command runs; an interrupt (Ctrl-C) stops the command and them', async () => {
    const run = runBusy(node('setInterval(() => undefined, 1000)'), 2);
    expect(run.hogs).toHaveLength(2);
    for (const pid of run.hogs) await expect.poll(() => userTicks(pid)).toBeGreaterThan(0);
    run.interrupt();
    expect(await run.exitCode).toBe(130);
    await expect.poll(() => run.hogs.some(alive)).toBe(false);
  });

  it('gives the command’s exit code, success or failure, and stops the hogs when it ends', async () => {
    for (const code of [0, 3]) {
      const run = runBusy(node(`process.exit(${code})`), 2);
      expect(await run.exitCode).toBe(code);
      await expect.poll(() => run.hogs.some(alive)).toBe(false);
    }
  });

  it('stops the hogs when the command cannot start', async () => {
    const run = runBusy(['./no-such-command'], 1);
    expect(await run.exitCode).toBe(127);
    await expect.poll(() => run.hogs.some(alive)).toBe(false);
  });
});
