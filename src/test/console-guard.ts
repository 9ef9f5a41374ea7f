/**
 * A test that logs a console.error or console.warn fails (both Vitest projects load this first). What
 * lands there is a defect nobody asserted on: React's "not wrapped in act(...)" is an update the test did
 * not wait for, jsdom's "Not implemented" is code the test ran without meaning to. A test that provokes
 * such a line on purpose spies on the console itself (`vi.spyOn(console, 'error')`) and asserts on it.
 * The line is still printed, where it was logged; the failure names every line.
 */
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

const logged: string[] = [];

// The one place outside scripts/ that touches the console: to watch it.
/* eslint-disable no-console */
for (const method of ['error', 'warn'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    logged.push(`console.${method}: ${format(...args)}`);
    original(...args);
  };
}
/* eslint-enable no-console */

function failOnLogged(where: string) {
  if (logged.length === 0) return;
  const lines = logged.splice(0);
  throw new Error(
    `${where} logged ${lines.length} unexpected console line${lines.length === 1 ? '' : 's'} ` +
      `(src/test/console-guard.ts):\n\n${lines.map((line) => line.split('\n').slice(0, 3).join('\n')).join('\n\n')}`,
  );
}

/**
 * Registers the checks for the file about to run. Called from the setup files, which run again before
 * every test file: a hook at this module's top level would be registered for the first file only where
 * a worker keeps its modules from file to file (projects `unit` and `page`: `isolate: false`).
 */
export function failOnConsoleLines() {
  afterEach(() => failOnLogged('This test'));
  // What a file's beforeAll or a late callback after its last test logged.
  afterAll(() => failOnLogged('This file, outside its tests,'));
}
