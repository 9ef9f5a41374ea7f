import { spawn } from 'node:child_process';
import { expect, test } from '../fixtures';

const NGINX_URL = process.env.E2E_NGINX_URL ?? 'http://127.0.0.1:4480';

/**
 * Every kind of response nginx gives, with the configuration from deploy/: the security headers on all
 * of them (nginx drops server-level add_header in any location that has its own), `immutable` only on
 * /assets/, `no-cache` on the HTML and config.json.
 */

const SECURITY_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(headers[name], `${name} on ${what}`).toBe(value);
  }
  const csp = headers['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  expect(directives.get('frame-ancestors'), `frame-ancestors on ${what}`).toBe("'none'");
  expect(directives.get('script-src'), `script-src on ${what}`).toBe("'self'");
  expect(directives.get('object-src'), `object-src on ${what}`).toBe("'none'");
  expect(directives.get('base-uri'), `base-uri on ${what}`).toBe("'none'");
  // The HTTP sandbox's origin (the configured baseUrl) is the only other origin the app may call.
  expect(directives.get('connect-src'), `connect-src on ${what}`).toBe(
    `'self' ${process.env.E2E_SANDBOX_URL ?? ''}`,
  );
  expect(csp, `no unsafe-eval on ${what}`).not.toContain('unsafe-eval');
  // CSP reports are off unless APP_CSP_REPORT_URL is set.
  expect(csp).not.toContain('report-');
}

test('HTML at / and at a deep route: security headers, no-cache, the SPA shell', async ({ request }) => {
  for (const path of ['/', '/cartoes', '/analises/nao/existe']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-type'], path).toMatch(/^text\/html/);
    expect(await response.text(), path).toContain('<div id="root">');
    expectSecurityHeaders(headers, path);
    expect(headers['cache-control'], path).toBe('no-cache');
  }
});

test('config.json: written from the environment, security headers, no-cache', async ({ request }) => {
  const response = await request.get('/config.json');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toMatch(/^application\/json/);
  expectSecurityHeaders(headers, '/config.json');
  expect(headers['cache-control']).toBe('no-cache');
  expect(await response.json()).toMatchObject({
    mode: 'sandbox',
    sandboxWorker: false,
    baseUrl: `${process.env.E2E_SANDBOX_URL ?? ''}/api`,
    environmentName: 'E2E nginx',
  });
});

test('an asset: immutable for a year, gzip; a missing asset: 404 with the headers, not cached', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, 'the entry script in index.html').toBeDefined();
  const response = await request.get(asset ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toMatch(/^application\/javascript/);
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(headers['content-encoding']).toBe('gzip');
  expectSecurityHeaders(headers, asset ?? 'asset');

  const missing = await request.get('/assets/index-doesnotexist.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toMatch(/javascript/);
  expect(await missing.text()).not.toContain('<div id="root">');
  expectSecurityHeaders(missing.headers(), 'a missing asset');
  expect(missing.headers()['cache-control'] ?? '').not.toContain('immutable');
});

test('immutable is only ever on /assets/', async ({ request }) => {
  for (const path of ['/', '/index.html', '/produtos', '/config.json', '/favicon.svg']) {
    const response = await request.get(path);
    expect(response.headers()['cache-control'] ?? '', path).not.toContain('immutable');
    expectSecurityHeaders(response.headers(), path);
  }
});

test('with APP_CSP_REPORT_URL set, the same files add report-uri, report-to and Reporting-Endpoints', async ({
  request,
}) => {
  // A second nginx from the same files, on the next port, with reports on (off by default: above).
  const port = Number(new URL(NGINX_URL).port) + 1;
  const child = spawn(
    // tsx itself (not npx, which would not pass SIGTERM on): it relays the signal to serve-nginx.
    'node_modules/.bin/tsx',
    ['scripts/serve-nginx.ts', '--port', String(port), '--sandbox', process.env.E2E_SANDBOX_URL ?? ''],
    { env: { ...process.env, APP_CSP_REPORT_URL: 'https://csp.bank.example/r' }, stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = `http://127.0.0.1:${port}/`;
    await expect
      .poll(async () => (await request.get(url).catch(() => null))?.status() ?? 0, { timeout: 15_000 })
      .toBe(200);
    const headers = (await request.get(url)).headers();
    expect(headers['content-security-policy']).toMatch(
      /; report-uri https:\/\/csp\.bank\.example\/r; report-to csp$/,
    );
    expect(headers['reporting-endpoints']).toBe('csp="https://csp.bank.example/r"');
    expect(headers['x-frame-options']).toBe('DENY');
  } finally {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
});
