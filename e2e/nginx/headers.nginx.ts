import { expect, test } from '../fixtures';
import { expectSecurityHeaders, withSecondNginx } from './nginx-helpers';

/**
 * Every kind of response nginx gives, with the configuration from deploy/: the security headers on all
 * of them (nginx drops server-level add_header in any location that has its own), `immutable` only on
 * /assets/, `no-cache` on the HTML and config.json. What nginx answers on its own (malformed requests):
 * e2e/nginx/malformed.nginx.ts; what it must not serve: e2e/nginx/not-served.nginx.ts.
 */

test('HTML at / and at a deep route: security headers, no-cache, the SPA shell', async ({ request }) => {
  for (const path of ['/', '/cartoes', '/analises/nao/existe']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-type'], path).toMatch(/^text\/html/);
    expect(await response.text(), path).toContain('<div id="root"');
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
  expect(await missing.text()).not.toContain('<div id="root"');
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

test('with cspReportUrl set, the same files add report-uri, report-to and Reporting-Endpoints', async ({
  request,
}) => {
  // Reports are off by default (above); a second nginx with them on.
  await withSecondNginx(
    request,
    {
      args: ['--sandbox', process.env.E2E_SANDBOX_URL ?? ''],
      deploy: { cspReportUrl: 'https://csp.bank.example/r' },
    },
    async (url) => {
      const headers = (await request.get(`${url}/`)).headers();
      expect(headers['content-security-policy']).toMatch(
        /; report-uri https:\/\/csp\.bank\.example\/r; report-to csp$/,
      );
      expect(headers['reporting-endpoints']).toBe('csp="https://csp.bank.example/r"');
      expect(headers['x-frame-options']).toBe('DENY');

      // The identity provider's return carries its code and state in the query, and a browser's own
      // report holds the page's address whole: no report directive for an address with a query.
      const callback = (await request.get(`${url}/entrar/retorno?code=c0de&state=st4te`)).headers();
      expect(callback['content-security-policy']).toMatch(/frame-ancestors 'none'; frame-src 'none'$/);
      expect(callback['content-security-policy']).not.toContain('report');
      expect(callback['reporting-endpoints']).toBeUndefined();
      expect(callback['x-frame-options']).toBe('DENY');
    },
  );
});
