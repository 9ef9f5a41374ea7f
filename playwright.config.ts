import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { sandboxProfileNames } from './src/sandbox/profiles';

/**
 * End-to-end tests run against the production build (`vite preview`) pointed at the HTTP sandbox through
 * e2e/config.e2e.json. The browser: a system Chromium when there is one (CI installs Debian's), else
 * Playwright's own (on a machine that has downloaded it).
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

function systemChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find(
    (path): path is string => typeof path === 'string' && path !== '' && existsSync(path),
  );
}

const executablePath = systemChromium();

/**
 * The sandbox lane (`--lane`) of the gestures project, and how often each of its tests runs in
 * `npm test` (E2E_GESTURE_REPEATS to change; `--repeat-each` on the command line overrides it).
 */
const GESTURES_LANE = 'gestures';
const GESTURE_REPEATS = Number(process.env.E2E_GESTURE_REPEATS ?? 10);

/** The browser of every project: a desktop Chromium at 1280x800 with the flags this machine needs. */
const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath,
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
 * The main journeys (e2e/journeys.spec.ts) once per sandbox profile (src/sandbox/profiles.ts): each project
 * has its own store on the one sandbox server (`/profiles/<name>/`), so profiles may run side by side.
 */
const journeyProjects = sandboxProfileNames.map((profile) => ({
  name: `journeys-${profile}`,
  testMatch: /journeys\.spec\.ts$/,
  // Room for the `slow` profile's 1.5 s per answer on a busy machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: { ...chromium, sandboxProfile: profile },
}));

/**
 * Every gesture on a confirmed operation, at 0 ms and at 1.5 s per answer, run GESTURE_REPEATS times
 * (e2e/exactly-once-gestures.spec.ts), ten by default: a race that shows one time in three at one speed
 * goes unseen in (2/3)^10 = 1.7 % of builds, at both speeds in 0.03 % (five runs would let 13 % and
 * 1.7 % through). Its own sandbox store (a lane), so that it runs beside the root store's specs.
 */
const gesturesProject = {
  name: 'gestures',
  testMatch: /gestures\.spec\.ts$/,
  repeatEach: GESTURE_REPEATS,
  workers: 1,
  // Each test chains a dozen or twenty confirmations, half of them at 1.5 s per answer: room for that
  // on a busy machine (a bound on a failure, not a wait).
  timeout: 300_000,
  expect: { timeout: 30_000 },
  use: { ...chromium, sandboxLane: GESTURES_LANE },
};

export default defineConfig({
  testDir: './e2e',
  // Tests reset the sandbox they use, so the ones sharing a store run one at a time: the root store's
  // project has `workers: 1`; each journeys project has its own profile store and may run beside it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Bounds on a failure, not waits: the gesture project repeats beside the rest for most of the run, so
  // every test shares the 2 cores with a second browser (30 s and 7 s ran out there).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Every spec here shares the root sandbox store, so one at a time.
      testIgnore: [/journeys\.spec\.ts$/, /gestures\.spec\.ts$/],
      workers: 1,
      use: chromium,
    },
    ...journeyProjects,
    gesturesProject,
  ],
  // Room to start on a machine shared with other runs (seen: more than 30 s at a load average of 30).
  webServer: [
    {
      command: `npx tsx scripts/sandbox.ts --port ${SANDBOX_PORT} --all-profiles --lane ${GESTURES_LANE} --oidc --oidc-port ${IDP_PORT} --oidc-token-ttl 30 --oidc-test-switches --app-origin http://127.0.0.1:${OIDC_PREVIEW_PORT}`,
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
