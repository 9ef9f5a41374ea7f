import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { pinnedChromium, testChromium } from './scripts/browser/chromium';
import { testFirefox } from './scripts/browser/firefox';
import { sandboxProfile, sandboxProfileNames, type SandboxProfileName } from './src/sandbox/profiles';

/**
 * End-to-end tests run against the production build (`vite preview`) pointed at the HTTP sandbox through
 * e2e/config.e2e.json, in the Chromium the lockfile pins unless `CHROMIUM_PATH` names another (below).
 */
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4400);
const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4173);
// Read by e2e/support/sandbox-stores.ts (workers inherit the runner's environment).
process.env.E2E_SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
// OpenID Connect: the test IdP (started by the sandbox with --oidc) and a second preview of the same
// build whose config.json says auth.type "oidc" (e2e/config.oidc.e2e.json); e2e/oidc.spec.ts uses them
// through e2e/support/identity-provider.ts.
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4401);
const OIDC_PREVIEW_PORT = Number(process.env.E2E_OIDC_PREVIEW_PORT ?? 4174);
process.env.E2E_IDP_URL = `http://127.0.0.1:${IDP_PORT}`;
process.env.E2E_OIDC_APP_URL = `http://127.0.0.1:${OIDC_PREVIEW_PORT}`;

/** e2e/config.e2e.json with the sandbox's port, for the preview server to serve as /config.json. */
function e2eConfigFile(): string {
  const template = readFileSync('e2e/config.e2e.json', 'utf8');
  const dir = path.join(tmpdir(), `cartoes-e2e-${PREVIEW_PORT}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'config.json');
  writeFileSync(file, template.replaceAll('127.0.0.1:4400', `127.0.0.1:${SANDBOX_PORT}`));
  return file;
}

/** e2e/config.oidc.e2e.json with the sandbox's and the IdP's ports. */
function oidcConfigFile(): string {
  const template = readFileSync('e2e/config.oidc.e2e.json', 'utf8');
  const dir = path.join(tmpdir(), `cartoes-e2e-${OIDC_PREVIEW_PORT}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'config.json');
  writeFileSync(
    file,
    template
      .replaceAll('127.0.0.1:4400', `127.0.0.1:${SANDBOX_PORT}`)
      .replaceAll('127.0.0.1:4401', `127.0.0.1:${IDP_PORT}`),
  );
  return file;
}

/**
 * The browser: the Chromium build package-lock.json pins (`@sparticuz/chromium`), or the one `CHROMIUM_PATH`
 * names (Debian's, say); either draws with the tests' own fonts, never the machine's (scripts/browser).
 */
const testBrowser = testChromium();
const pinned = pinnedChromium();

/** Playwright's trace modes, from E2E_TRACE (off unless asked). */
function traceMode(value: string | undefined) {
  const modes = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'retain-on-first-failure'] as const;
  return modes.find((mode) => mode === value) ?? 'off';
}

/** The browser of every project: a desktop Chromium at 1280x800 with the flags this machine needs. */
const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: testBrowser.executablePath,
    env: testBrowser.env,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/**
 * Which readings of the interface a profile changes (its keys that differ from the default profile's, and
 * the config keys it needs): its project runs the journeys tagged with one of them (`@reading:<key>`).
 */
function readingsOf(profileName: SandboxProfileName): string[] {
  const profile = sandboxProfile(profileName);
  const standard = sandboxProfile('default');
  const changed = (Object.keys(profile) as Array<keyof typeof profile>).filter(
    (key) =>
      !['name', 'description', 'appConfig', 'latencyMs'].includes(key) && profile[key] !== standard[key],
  );
  return [...new Set([...changed, ...Object.keys(profile.appConfig)])];
}

/**
 * The main journeys (e2e/journeys.spec.ts) per sandbox profile (src/sandbox/profiles.ts), each test on its
 * worker's store of that profile: `default` runs every journey; each other profile runs the journeys that
 * go through a reading it changes. `slow` (every answer 1.5 s late) changes `requestTimeoutMs`: the
 * journeys tagged with it are those where a late answer changes what the operator sees or sends (a whole
 * application, a virtual card); a slow answer adds no point of its own to a send (e2e/exactly-once.spec.ts).
 */
const journeyProjects = sandboxProfileNames.map((profile) => {
  const everyJourney = profile === 'default';
  const readings = readingsOf(profile);
  if (!everyJourney && readings.length === 0) throw new Error(`profile ${profile} changes no reading`);
  return {
    name: `journeys-${profile}`,
    testMatch: /journeys\.spec\.ts$/,
    ...(everyJourney ? {} : { grep: new RegExp(`@reading:(${readings.join('|')})\\b`) }),
    // The slow profile's answers take 1.5 s each: a whole application makes about ten calls.
    ...(profile === 'slow' ? { timeout: 60_000, expect: { timeout: 10_000 } } : {}),
    use: { ...chromium, sandboxProfile: profile },
  };
});

/**
 * The second engine: Debian's Firefox ESR over WebDriver BiDi (scripts/browser/firefox.ts), with the same
 * fonts. It runs the journeys an operator makes every day, the tests tagged `@firefox` (the main journeys,
 * the batch, sign-out), on the default profile's readings; Chromium runs the whole suite.
 */
const firefox = testFirefox();
const firefoxProject = {
  name: 'firefox-esr',
  grep: /@firefox\b/,
  use: {
    browserName: 'firefox' as const,
    channel: 'moz-firefox',
    viewport: { width: 1280, height: 800 },
    sandboxProfile: 'default',
    launchOptions: {
      executablePath: firefox.executablePath,
      env: firefox.env,
      firefoxUserPrefs: firefox.firefoxUserPrefs,
    },
  },
};

export default defineConfig({
  testDir: './e2e',
  // Every worker has its own sandbox store (e2e/support/sandbox-stores.ts), so tests run side by side;
  // the few that share something outside the store (the test identity provider's switches) say so in
  // their file.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: true,
  // No retries anywhere: a test that passes only on a second try reads the page at an instant or needs
  // more time than its bound on a busy machine, and that is the defect to fix (docs/testing.md). In CI a
  // flaky test fails the run even if someone turns retries on (the same as `--fail-on-flaky-tests`).
  retries: 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [
    process.env.CI ? ['list'] : ['line'],
    ['json', { outputFile: '.test-reports/playwright.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Off in `npm test`: recording a trace of every test to keep the failing ones costs about a third of
    // the suite's time, and a failure leaves its screenshot and the page's aria snapshot anyway;
    // `E2E_TRACE=retain-on-failure npx playwright test <spec>` records them to look into one.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The pictures (`npm run test:visual`, docs/testing.md "Pictures"): every screen and main state
      // against its PNG baseline, on these servers, always in the Chromium build the lockfile pins (a
      // picture belongs to the browser and fonts that drew it), whatever CHROMIUM_PATH says.
      name: 'visual',
      testDir: './e2e/visual',
      testMatch: /\.visual\.ts$/,
      outputDir: 'test-results/visual',
      // One file per baseline, named by the test's own argument: `<state>-<width>-<theme>.png`.
      snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
      // Each test takes one state's pictures at every width and theme: up to a few dozen captures.
      timeout: 120_000,
      expect: {
        timeout: 10_000,
        // Pixel for pixel (docs/testing.md, "Pictures": three runs, idle and busy, gave identical pictures).
        toHaveScreenshot: {
          maxDiffPixels: 0,
          threshold: 0.02,
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
        },
      },
      use: {
        ...chromium,
        launchOptions: {
          ...chromium.launchOptions,
          executablePath: pinned.executablePath,
          env: pinned.env,
          // Every tile drawn whole. With partial raster, a tile that a change touched is redrawn only where
          // it changed, and the curves' edges (an icon, a chip's border) came out a shade different by
          // which tiles the journey had touched: wizard-5-problems differed from itself in 1 run of 6.
          args: [...chromium.launchOptions.args, '--disable-partial-raster'],
        },
      },
    },
    {
      name: 'chromium',
      // The journeys run per profile below.
      testIgnore: /journeys\.spec\.ts$/,
      use: chromium,
    },
    ...journeyProjects,
    firefoxProject,
  ],
  // Room to start on a machine shared with other runs: a start that hangs still fails, after the timeout.
  webServer: [
    {
      command: `npx tsx scripts/dev/sandbox.ts --port ${SANDBOX_PORT} --all-profiles --lanes --oidc --oidc-port ${IDP_PORT} --oidc-token-ttl 30 --oidc-test-switches --app-origin http://127.0.0.1:${OIDC_PREVIEW_PORT}`,
      url: `http://127.0.0.1:${SANDBOX_PORT}/__sandbox/stats`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 120_000,
    },
    {
      command: `npx vite preview --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PREVIEW_PORT}/config.json`,
      env: { APP_CONFIG_FILE: e2eConfigFile() },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: `npx vite preview --port ${OIDC_PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${OIDC_PREVIEW_PORT}/config.json`,
      env: { APP_CONFIG_FILE: oidcConfigFile() },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});
