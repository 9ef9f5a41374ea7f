import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

/**
 * The production claims, tested on the web server a deployment really runs: nginx with the files the
 * renderer writes (scripts/deploy/render.ts, via `npm run serve:nginx`), serving dist/ pointed at the HTTP sandbox. Header check of every
 * kind of response, framing from another origin, and a smoke subset of the journeys under nginx's CSP
 * (the runtime guard, e2e/support/runtime-guard.ts, fails a test on any CSP violation).
 *
 * A separate config (not a project of playwright.config.ts) so that the usual suite does not need nginx:
 * Playwright starts every webServer for every project. Specs are e2e/nginx/*.nginx.ts, a name the main
 * config's default testMatch does not pick up. Ports: E2E_SANDBOX_PORT (4400) and E2E_NGINX_PORT (4480;
 * the specs start other configurations one at a time on the next port, 4481); the same files in gateway
 * mode, proxying the sandbox at /api/ and /accounts/, on the port after that (4482, E2E_GATEWAY_URL).
 */
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4400);
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 4480);
process.env.E2E_NGINX_URL = `http://127.0.0.1:${NGINX_PORT}`;
// The access log of this run's nginx (emptied as it starts), read by e2e/nginx/access-log.nginx.ts.
const accessLogDir = path.join(tmpdir(), `cartoes-e2e-nginx-${NGINX_PORT}`);
mkdirSync(accessLogDir, { recursive: true });
process.env.E2E_NGINX_ACCESS_LOG = path.join(accessLogDir, 'access.log');
process.env.E2E_NGINX_ERROR_LOG = path.join(accessLogDir, 'error.log');
// The gateway's nginx and its logs, read by e2e/nginx/gateway*.nginx.ts and e2e/nginx/access-log.nginx.ts.
const GATEWAY_PORT = NGINX_PORT + 2;
process.env.E2E_GATEWAY_URL = `http://127.0.0.1:${GATEWAY_PORT}`;
process.env.E2E_GATEWAY_ACCESS_LOG = path.join(accessLogDir, 'gateway-access.log');
process.env.E2E_GATEWAY_ERROR_LOG = path.join(accessLogDir, 'gateway-error.log');
/** config.json's members over --sandbox's and --gateway's, as e2e/config.e2e.json: a short time-out and the key on (the sandbox honours it). */
const appConfig = (environmentName: string) =>
  `'${JSON.stringify({ environmentName, requestTimeoutMs: 4000, sendIdempotencyKey: true })}'`;

const chromium = baseConfig.projects?.find((project) => project.name === 'chromium');

export default defineConfig<{ sandboxLanes: boolean }>({
  ...baseConfig,
  testDir: './e2e/nginx',
  testMatch: '**/*.nginx.ts',
  outputDir: 'test-results/nginx',
  // One at a time, on the sandbox's root store: the specs start second nginx instances on one port, and
  // the gateway proxies the root store.
  workers: 1,
  fullyParallel: false,
  reporter: [
    process.env.CI ? ['list'] : ['line'],
    ['json', { outputFile: '.test-reports/playwright-nginx.json' }],
    ...(process.env.CI
      ? []
      : [['html', { open: 'never', outputFolder: 'playwright-report/nginx' }] as const]),
  ],
  use: { ...baseConfig.use, baseURL: `http://127.0.0.1:${NGINX_PORT}` },
  projects: [{ name: 'nginx', use: { ...chromium?.use, sandboxLanes: false } }],
  webServer: [
    {
      command: `npx tsx scripts/dev/sandbox.ts --port ${SANDBOX_PORT}`,
      url: `http://127.0.0.1:${SANDBOX_PORT}/__sandbox/stats`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 30_000,
    },
    {
      command: `npx tsx scripts/dev/serve-nginx.ts --port ${NGINX_PORT} --sandbox http://127.0.0.1:${SANDBOX_PORT} --config-json ${appConfig('E2E nginx')} --access-log ${process.env.E2E_NGINX_ACCESS_LOG} --error-log ${process.env.E2E_NGINX_ERROR_LOG}`,
      url: `http://127.0.0.1:${NGINX_PORT}/config.json`,
      reuseExistingServer: !process.env.CI,
      // serve-nginx stops nginx gracefully and removes its temporary directory on SIGTERM.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 30_000,
    },
    {
      command: `npx tsx scripts/dev/serve-nginx.ts --port ${GATEWAY_PORT} --gateway http://127.0.0.1:${SANDBOX_PORT} --config-json ${appConfig('E2E gateway')} --access-log ${process.env.E2E_GATEWAY_ACCESS_LOG} --error-log ${process.env.E2E_GATEWAY_ERROR_LOG}`,
      url: `http://127.0.0.1:${GATEWAY_PORT}/config.json`,
      reuseExistingServer: !process.env.CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 30_000,
    },
  ],
});
