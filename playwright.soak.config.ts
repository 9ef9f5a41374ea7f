import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

/**
 * The soak (`npm run test:soak`): every gesture on a confirmed operation, at 0 ms and at 1.5 s per answer,
 * repeated (e2e/exactly-once-gestures.spec.ts, E2E_GESTURE_REPEATS times, ten by default). Not in
 * `npm test`: the races it samples are reached on purpose, once each, by e2e/exactly-once-races.spec.ts.
 * Run it after a change to the operation's state machine (src/lib/confirmed-operation.ts) or to a screen
 * that confirms an operation, as a second look at timings nobody thought of.
 */
const chromium = baseConfig.projects?.find((project) => project.name === 'chromium');

export default defineConfig({
  ...baseConfig,
  outputDir: 'test-results/soak',
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright-soak.json' }]],
  projects: [
    {
      name: 'soak',
      testMatch: /gestures\.spec\.ts$/,
      repeatEach: Number(process.env.E2E_GESTURE_REPEATS ?? 10),
      // Each test chains a dozen or twenty confirmations, half of them at 1.5 s per answer.
      timeout: 300_000,
      expect: { timeout: 30_000 },
      use: chromium?.use ?? {},
    },
  ],
});
