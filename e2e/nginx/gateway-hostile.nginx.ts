import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededCpfs } from '../../src/sandbox/seed';
import { expect, test } from '../fixtures';
import { expectSecurityHeaders, rawRequest, withSecondNginx } from './nginx-helpers';

/**
 * Gateway mode against a hostile provider stand-in (plain http on loopback, which start.sh allows for
 * tests): every answer carries the response headers a browser acts on (a CDN's Network Error Logging
 * policy, reports, redirects, prompts, hints, timings) and the gateway must pass only the allow-list; and
 * requests the interface does not have (a GET with a body, loose path segments, queries) must not reach
 * it. Then who the client is behind trusted proxies (X-Forwarded-For, not spoofable), requests in flight
 * per client, and the readiness probe that notices a dead upstream. docs/deployment.md, "Gateway mode".
 */

interface Seen {
  method: string;
  url: string;
  body: string;
}

/** Everything a CDN or a careless provider may send that a browser would apply to the app's origin. */
const HOSTILE_HEADERS: Record<string, string> = {
  NEL: '{"report_to":"cdn","max_age":2592000,"include_subdomains":true,"failure_fraction":1}',
  'Report-To': '{"group":"cdn","max_age":2592000,"endpoints":[{"url":"https://cdn.example/report"}]}',
  'Reporting-Endpoints': 'cdn="https://cdn.example/report"',
  'Clear-Site-Data': '"*"',
  Refresh: '0;url=https://evil.example/',
  Link: '<https://evil.example/x.js>; rel=preload; as=script',
  'Alt-Svc': 'h3="evil.example:443"; ma=86400',
  'Server-Timing': 'db;dur=53;desc="cpf lookup"',
  'Timing-Allow-Origin': '*',
  'X-Powered-By': 'Express',
  Location: 'https://evil.example/',
  'Content-Location': '/elsewhere',
  'Content-Disposition': 'attachment; filename="page.html"',
  'WWW-Authenticate': 'Basic realm="provider"',
  'Content-Security-Policy-Report-Only': "default-src 'none'; report-uri https://cdn.example/csp",
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-site',
  'Origin-Agent-Cluster': '?0',
  'Accept-CH': 'Sec-CH-UA-Platform-Version, Sec-CH-UA-Model',
  'Critical-CH': 'Sec-CH-UA-Model',
  'Service-Worker-Allowed': '/',
  SourceMap: 'https://evil.example/map.json',
  'Speculation-Rules': '"https://evil.example/rules.json"',
  'Document-Policy': 'force-load-at-top',
  'X-XSS-Protection': '1; report=https://cdn.example/xss',
  'X-DNS-Prefetch-Control': 'on',
  'Set-Cookie': 'cdn=1; Path=/',
  'Access-Control-Allow-Origin': '*',
  Via: '1.1 cdn.example',
  Server: 'provider/1.0',
  Expires: 'Thu, 01 Jan 2099 00:00:00 GMT',
  ETag: '"abc"',
  'Last-Modified': 'Thu, 01 Jan 2026 00:00:00 GMT',
  'Cache-Control': 'public, max-age=600',
  // Allowed: the app reads Retry-After; Vary only names request headers.
  'Retry-After': '7',
  Vary: 'Accept-Encoding',
};

/** The response headers the gateway may send on a proxied answer: its own and the allow-list's. */
const ALLOWED = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
  'date',
  'server',
  'vary',
  'retry-after',
  'cache-control',
  'nel',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
]);

const work = mkdtempSync(path.join(tmpdir(), 'cartoes-gateway-hostile-'));
let provider: Server;
let providerUrl = '';
const seen: Seen[] = [];
/** While true, the products route is held open (requests in flight). */
let holding = false;
const held: ServerResponse[] = [];

function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  seen.push({ method: req.method ?? '', url: req.url ?? '', body });
  if (holding && req.url?.endsWith('/v1/products/')) {
    held.push(res);
    return;
  }
  // "No analyses" is a 404 from the provider: its headers must be stripped as a 200's are.
  const status = req.url?.includes(`/request/${seededCpfs.approved}/`) ? 200 : 404;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...HOSTILE_HEADERS });
  res.end(JSON.stringify({ message: status === 200 ? 'ok' : 'Not Found', statusCode: status }));
}

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString()));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  for (const res of held.splice(0)) res.destroy();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

const accessLog = path.join(work, 'access.log');
const errorLog = path.join(work, 'error.log');
const logArgs = ['--access-log', accessLog, '--error-log', errorLog];
const bearer = { Authorization: 'Bearer sandbox-operator' };
const gatewayEnv = (extra: Record<string, string> = {}) => ({
  APP_MODE: 'sandbox',
  APP_SANDBOX_WORKER: 'false',
  APP_PROVIDER_UPSTREAM: `${providerUrl}/p`,
  APP_ACCOUNTS_UPSTREAM: `${providerUrl}/a`,
  ...extra,
});

function expectOnlyAllowedHeaders(headers: Record<string, string>, what: string) {
  expect(
    Object.keys(headers).filter((name) => !ALLOWED.has(name)),
    what,
  ).toEqual([]);
  // nginx's own Server header (server_tokens off), never the provider's.
  expect(headers.server, what).toBe('nginx');
  expect(headers['cache-control'], what).toBe('no-store');
  expectSecurityHeaders(headers, what, "'self'");
}

test('the provider’s response headers: only the allow-list reaches the browser, and its NEL policy is turned off', async ({
  request,
}) => {
  await withSecondNginx(request, { env: gatewayEnv(), args: logArgs }, async (url) => {
    for (const [route, status] of [
      [`/api/v1/cards/request/${seededCpfs.approved}/`, 200],
      [`/api/v1/cards/request/${seededCpfs.unknownStatus}/`, 404],
      ['/accounts/v1/account/get-all-accounts/', 404],
    ] as const) {
      const response = await request.get(`${url}${route}`, { headers: bearer, maxRedirects: 0 });
      expect(response.status(), route).toBe(status);
      const headers = response.headers();
      expectOnlyAllowedHeaders(headers, route);
      // The provider sent a policy: the browser is told to drop any it took for this origin.
      expect(headers.nel, route).toBe('{"max_age":0}');
      expect(headers['retry-after'], route).toBe('7');
      expect(headers['content-type'], route).toMatch(/^application\/json/);
      expect(await response.json(), route).toMatchObject({ statusCode: status });
    }
    // The gateway's own answers carry no NEL (no policy was seen).
    const own = await request.get(`${url}/api/v1/nothing/`, { headers: bearer });
    expect(own.status()).toBe(404);
    expect(own.headers().nel).toBeUndefined();
  });
});

test('a GET with a body, loose path segments and queries never reach the provider as sent', async ({
  request,
}) => {
  await withSecondNginx(request, { env: gatewayEnv(), args: logArgs }, async (url) => {
    seen.length = 0;
    const statusPath = `/api/v1/cards/request/${seededCpfs.approved}/`;
    // A GET with a body, by length and chunked: a 400 Error object, nothing sent upstream (on the shared
    // keep-alive connection a provider that ignores GET bodies would read it as the next request).
    for (const framing of [
      'Content-Length: 38\r\n\r\nGET /p/v1/products/ HTTP/1.1\r\nX: y\r\n\r\n',
      'Transfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n0\r\n\r\n',
    ]) {
      const raw = await rawRequest(
        url,
        `GET ${statusPath} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sandbox-operator\r\nConnection: close\r\n${framing}`,
      );
      expect(raw.status, framing).toBe(400);
      expect(JSON.parse(Buffer.from(raw.body, 'latin1').toString('utf8')), framing).toEqual({
        message: 'Requisição fora da interface do provedor.',
        error: 'Bad Request',
        statusCode: 400,
      });
      expect(raw.headers['content-type'], framing).toMatch(/^application\/json/);
    }
    // Path segments that are no CPF (11 digits) or card code (an integer): 404 here, never proxied.
    for (const [method, loose] of [
      ['GET', '/api/v1/cards/request/x%3Fa=b/'],
      ['GET', '/api/v1/cards/request/123%0d%0aX-Injected:%201/'],
      ['GET', `/api/v1/cards/request/${seededCpfs.approved};jsessionid=x/`],
      ['GET', '/api/v1/cards/request/%C0%AE%C0%AE/'],
      ['GET', '/api/v1/cards/request/1234567890/'],
      ['GET', '/api/v1/cards/request/123456789012/'],
      ['POST', '/api/v1/cards/cancel/5003;x=y/'],
      ['POST', '/api/v1/cards/cancel/abc/'],
      ['POST', '/api/v1/cards/cancel/%35%30%30%33%3F/'],
    ] as const) {
      const raw = await rawRequest(
        url,
        `${method} ${loose} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expect(raw.status, loose).toBe(404);
      expect(JSON.parse(raw.body), loose).toMatchObject({ error: 'Not Found', statusCode: 404 });
    }
    expect(seen).toEqual([]);

    // Queries: none reaches the provider, but the status lookup's paging (plain names, numbers only).
    const asked = [
      ['/api/v1/products/?cpf=52998224725&x=1', '/p/v1/products/'],
      ['/accounts/v1/account/get-all-accounts/?limit=1', '/a/v1/account/get-all-accounts/'],
      [
        `${statusPath}?pagina=2&tamanho=20`,
        `/p/v1/cards/request/${seededCpfs.approved}/?pagina=2&tamanho=20`,
      ],
      [`${statusPath}?pagina=52998224725`, `/p/v1/cards/request/${seededCpfs.approved}/`],
      [`${statusPath}?a=1&b=2&c=3`, `/p/v1/cards/request/${seededCpfs.approved}/`],
      [`${statusPath}?pagina=1%26x%3D2`, `/p/v1/cards/request/${seededCpfs.approved}/`],
    ] as const;
    for (const [sent] of asked) await request.get(`${url}${sent}`, { headers: bearer });
    expect(seen.map((entry) => entry.url)).toEqual(asked.map(([, received]) => received));
    expect(seen.map((entry) => entry.body)).toEqual(asked.map(() => ''));
  });
});

test('behind trusted proxies the client’s own address counts, and a client cannot choose it', async ({
  request,
}) => {
  await withSecondNginx(
    request,
    { env: gatewayEnv({ APP_TRUSTED_PROXIES: '10.9.9.9/32' }), args: logArgs },
    async (url) => {
      // 127.0.0.1 is no trusted proxy: its X-Forwarded-For is ignored.
      await request.get(`${url}/api/v1/products/`, {
        headers: { ...bearer, 'X-Forwarded-For': '192.0.2.66' },
      });
    },
  );
  expect(readFileSync(accessLog, 'utf8')).toMatch(/^127\.0\.0\.1 \[.*"GET \/api\/v1\/products\/ /m);

  await withSecondNginx(
    request,
    {
      env: gatewayEnv({
        APP_TRUSTED_PROXIES: '127.0.0.1/32',
        APP_RATE_LIMIT_PER_SECOND: '1',
        APP_RATE_LIMIT_BURST: '1',
      }),
      args: logArgs,
    },
    async (url) => {
      // The proxy (127.0.0.1, trusted) appended the client's address to what the client sent: the
      // rightmost untrusted address is the client's, whatever the client put before it.
      const get = (forwardedFor: string) =>
        request.get(`${url}/api/v1/cards/request/${seededCpfs.approved}/`, {
          headers: { ...bearer, 'X-Forwarded-For': forwardedFor },
        });
      expect((await get('192.0.2.66, 198.51.100.7')).status()).toBe(200);
      // 1 r/s, a burst of 1: of 6 sent together by the same client (claiming other addresses before the
      // proxy's), at most one passes, and one more per second they take to arrive.
      const flood = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => get(`192.0.2.${i}, 198.51.100.7`)));
      expect(flood.filter((response) => response.status() === 429).length).toBeGreaterThanOrEqual(3);
      // Another client has its own bucket, whatever address it claims before the proxy's.
      expect((await get('198.51.100.7, 198.51.100.8')).status()).toBe(200);
    },
  );
  const log = readFileSync(accessLog, 'utf8');
  expect(log).toMatch(/^198\.51\.100\.7 \[.*" 200 /m);
  expect(log).toMatch(/^198\.51\.100\.8 \[.*" 200 /m);
  expect(log).not.toMatch(/^192\.0\.2\./m);
});

test('requests in flight per client are capped with a 429 Error object; readiness follows the provider', async ({
  request,
}) => {
  await withSecondNginx(
    request,
    { env: gatewayEnv({ APP_CONN_LIMIT_PER_CLIENT: '2' }), args: logArgs },
    async (url) => {
      holding = true;
      const inFlight = [1, 2].map(() => request.get(`${url}/api/v1/products/`, { headers: bearer }));
      try {
        await expect.poll(() => held.length).toBe(2);
        const over = await rawRequest(
          url,
          'GET /api/v1/products/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\nConnection: close\r\n\r\n',
        );
        expect(over.status).toBe(429);
        expect(JSON.parse(over.body)).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
      } finally {
        holding = false;
        for (const res of held.splice(0)) res.end('{}');
      }
      await Promise.all(inFlight);
      // Ready while the provider answers (any status: no token goes with the probe).
      const ready = await request.get(`${url}/__gateway/ready`);
      expect(ready.status()).toBe(200);
      expect(await ready.text()).toBe('ready\n');
    },
  );
});

test('an upstream that is down: readiness says 503 while the app is still served', async ({ request }) => {
  await withSecondNginx(
    request,
    {
      env: gatewayEnv({
        APP_PROVIDER_UPSTREAM: 'http://127.0.0.1:9/p',
        APP_ACCOUNTS_UPSTREAM: 'http://127.0.0.1:9/a',
      }),
      args: logArgs,
    },
    async (url) => {
      const probe = await request.get(`${url}/__gateway/ready`);
      expect(probe.status()).toBe(503);
      expect((await request.get(`${url}/config.json`)).status()).toBe(200);
      expect((await request.get(`${url}/api/v1/products/`, { headers: bearer })).status()).toBe(502);
    },
  );
  expect(readFileSync(accessLog, 'utf8')).toMatch(/"GET \/api\/v1\/products\/ HTTP\/1\.1" 502 /);
  expect(readFileSync(errorLog, 'utf8')).not.toMatch(/request: "/);
});
