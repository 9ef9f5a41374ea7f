/**
 * `npm run test:visual`: the pictures (playwright.visual.config.ts, docs/testing.md "Pictures").
 * `npm run test:visual -- --update` rewrites the baselines that differ (Playwright's
 * `--update-snapshots=changed`); any other argument goes to Playwright as it is (a file, `-g`, `--project`).
 */
import { spawnSync } from 'node:child_process';

const args = process.argv
  .slice(2)
  .map((arg) => (arg === '--update' || arg === '-u' ? '--update-snapshots=changed' : arg));
const { status } = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.visual.config.ts', ...args], {
  stdio: 'inherit',
});
if (status !== 0)
  process.stdout.write(
    '\nThe pictures that differ: expected, actual and diff PNGs under test-results/visual/<test>/, and side by\n' +
      'side in the report: npx playwright show-report .visual-report\n' +
      'A change meant to move them: npm run test:visual -- --update, then review the PNGs in the diff.\n',
  );
process.exit(status ?? 1);
