import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';
import { pinnedChromium } from './scripts/browser/chromium';

/**
 * The pictures (`npm run test:visual`, docs/testing.md "Pictures"): every screen and main state as a PNG
 * baseline in e2e/visual/baselines/, compared pixel for pixel by `toHaveScreenshot`. The same servers,
 * flags, fonts, locale and time zone as the end-to-end tests (playwright.config.ts, whose web servers this
 * config reuses), so a picture is taken as the e2e tests see the app; the browser is always the build the
 * lockfile pins, whatever `CHROMIUM_PATH` says: a picture belongs to the browser and fonts that drew it
 * (scripts/browser/chromium.ts), so the machine's Chromium and fonts, and their updates, move none.
 *
 * Failures leave the expected, the actual and the diff image under test-results/visual/ and in the HTML
 * report (`npx playwright show-report .visual-report`); `npm run test:visual -- --update` rewrites the
 * baselines that differ.
 */
const [chromium] = e2e.projects ?? [];
const pinned = pinnedChromium();

export default defineConfig({
  ...e2e,
  testDir: './e2e/visual',
  testMatch: /\.visual\.ts$/,
  outputDir: 'test-results/visual',
  // One file per baseline, named by the test's own argument: `<state>-<width>-<theme>.png`.
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  // Each test takes one state's pictures at every width and theme: up to a few dozen captures.
  timeout: 120_000,
  reporter: [
    process.env.CI ? ['list'] : ['line'],
    ['json', { outputFile: '.test-reports/playwright-visual.json' }],
    ['html', { open: 'never', outputFolder: '.visual-report' }],
  ],
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      // Pixel for pixel (docs/testing.md, "Pictures": three runs, idle and busy, gave identical pictures).
      maxDiffPixels: 0,
      threshold: 0.02,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  projects: [
    {
      name: 'visual',
      use: {
        ...chromium?.use,
        launchOptions: {
          ...chromium?.use?.launchOptions,
          executablePath: pinned.executablePath,
          env: pinned.env,
        },
      },
    },
  ],
});
