import { execFileSync } from 'node:child_process';

/**
 * e2e/races/refuse-only-while-in-flight.patch is the proof that the exactly-once races can fail: applied,
 * it reverts the guards of the confirmed operations, and e2e/exactly-once.spec.ts then sees two and three
 * POSTs (docs/testing.md, "Races by construction"). A proof that no longer applies proves nothing: it must
 * apply to the code as it is.
 */
it('the race proof patch still applies to the guards it reverts', () => {
  expect(() =>
    execFileSync('git', ['apply', '--check', 'e2e/races/refuse-only-while-in-flight.patch'], {
      stdio: 'pipe',
    }),
  ).not.toThrow();
});
