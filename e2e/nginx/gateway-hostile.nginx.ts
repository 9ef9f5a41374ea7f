import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  get as httpGet,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededCpfs } from '../../src/sandbox/seed';
import { expect, test } from '../fixtures';
import {
  API_HEADERS,
  expectApiHeaders,
  framedResponses,
  PROBE_PORT,
  rawConnection,
  rawRequest,
  withSecondNginx,
} from './nginx-helpers';

/**
 * Gateway mode against a hostile provider stand-in (plain http on loopback, which the renderer allows
 * for tests). Nothing the provider (or a CDN in front of it) answers may apply to the app's origin: its
 * response headers pass by an allow-list only (a CDN's Network Error Logging policy, reports, redirects,
 * prompts, hints, timings, and the names browsers learn next year), nginx obeys none of its X-Accel-*
 * headers, an answer that is not JSON or not final (a 1xx) is the 502 Error object, and every answer
 * carries the API's own policy. Requests the interface does not have (a GET with a body, loose path
 * segments, queries, a navigation) never reach it. Then who the client is behind trusted proxies
 * (X-Forwarded-For, not spoofable, even from inside a trusted range), requests in flight per client, and
 * the readiness probe (a listener of its own, answered from a status alone). docs/deployment.md,
 * "Gateway mode"; docs/decisions/026-gateway-round-4.md.
 */

interface Seen {
  method: string;
  url: string;
  body: string;
  authorization: string | undefined;
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
  'Content-Security-Policy': "default-src *; script-src * 'unsafe-inline'",
  'Content-Security-Policy-Report-Only': "default-src 'none'; report-uri https://cdn.example/csp",
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Origin-Agent-Cluster': '?0',
  'Accept-CH': 'Sec-CH-UA-Platform-Version, Sec-CH-UA-Model',
  'Critical-CH': 'Sec-CH-UA-Model',
  'Service-Worker-Allowed': '/',
  SourceMap: 'https://evil.example/map.json',
  'Speculation-Rules': '"https://evil.example/rules.json"',
  'Document-Policy': 'force-load-at-top',
  'X-XSS-Protection': '1; report=https://cdn.example/xss',
  'X-DNS-Prefetch-Control': 'on',
  'X-Frame-Options': 'ALLOWALL',
  'Set-Cookie': 'cdn=1; Path=/',
  'Access-Control-Allow-Origin': '*',
  Via: '1.1 cdn.example',
  Server: 'provider/1.0',
  Expires: 'Thu, 01 Jan 2099 00:00:00 GMT',
  ETag: '"abc"',
  'Last-Modified': 'Thu, 01 Jan 2026 00:00:00 GMT',
  'Cache-Control': 'public, max-age=600',
  // Names a deny-list would have to know of in advance: an allow-list needs none of them.
  'Document-Isolation-Policy': 'isolate-and-require-corp',
  'Use-As-Dictionary': 'match="/api/*", id="provider"',
  'Secure-Session-Registration': '(ES256);path="/api/session";challenge="x"',
  'Shared-Storage-Write': 'set;key="operator";value="52998224725"',
  'Attribution-Reporting-Register-OS-Source': '"https://evil.example/os"',
  'Ad-Auction-Allowed': '?1',
  'Ad-Auction-Signals': '[{"adSlot":"x"}]',
  'Access-Control-Allow-Private-Network': 'true',
  'X-Content-Security-Policy': 'default-src *',
  'X-WebKit-CSP': 'default-src *',
  // Allowed: the app reads Retry-After; Vary only names request headers.
  'Retry-After': '7',
  Vary: 'Accept-Encoding',
};

/**
 * The response headers the gateway may send on a proxied answer: framing, nginx's own Date and Server,
 * the provider's Content-Type, Content-Length, Content-Encoding, Vary and Retry-After, NEL max_age 0, and
 * the API's policy.
 */
const ALLOWED = new Set([
  'content-type',
  'content-length',
  // nginx's own gzip of a JSON answer (the provider's encoding passes only when it is one a browser
  // decodes by itself).
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'server',
  'vary',
  'retry-after',
  'nel',
  ...Object.keys(API_HEADERS),
]);

const work = mkdtempSync(path.join(tmpdir(), 'cartoes-gateway-hostile-'));
let provider: Server;
let providerUrl = '';
const seen: Seen[] = [];
/** While true, the products route is held open (requests in flight). */
let holding = false;
const held: ServerResponse[] = [];

/** Names of headers no list has ever held, new at every run: an allow-list passes none of them. */
const unknownHeaders = () =>
  Object.fromEntries(
    ['X-', 'Sec-', '', 'Permissions-', ''].map((prefix) => [
      `${prefix}${randomBytes(5).toString('hex')}-Policy`,
      `report-to="https://evil.example/${randomBytes(3).toString('hex')}"`,
    ]),
  );

/** The provider's default answer: JSON with every header above; "no analyses" (a 404) for other CPFs. */
function hostileAnswer(req: IncomingMessage, res: ServerResponse) {
  // "No analyses" is a 404 from the provider: its headers must be stripped as a 200's are.
  const status = req.url?.includes(`/request/${seededCpfs.approved}/`) ? 200 : 404;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...HOSTILE_HEADERS,
    ...unknownHeaders(),
  });
  res.end(JSON.stringify({ message: status === 200 ? 'ok' : 'Not Found', statusCode: status }));
}

/** How the stand-in answers: each test sets its own (reset to hostileAnswer before each). */
let respond: (req: IncomingMessage, res: ServerResponse) => void = hostileAnswer;

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString(),
        authorization: req.headers.authorization,
      });
      if (holding && req.url?.endsWith('/v1/products/')) {
        held.push(res);
        return;
      }
      respond(req, res);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

test.beforeEach(() => {
  respond = hostileAnswer;
  seen.length = 0;
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
const statusPath = `/api/v1/cards/request/${seededCpfs.approved}/`;
const probeUrl = `http://127.0.0.1:${PROBE_PORT}/__gateway/ready`;
/** A gateway to the hostile provider: config.json and the deployment document, `gateway` given. */
const gatewayDocs = (gateway: Record<string, unknown> = {}, deploy: Record<string, unknown> = {}) => ({
  config: {
    mode: 'sandbox',
    sandboxWorker: false,
    baseUrl: '/api',
    accountsBaseUrl: '/accounts',
    environmentName: 'E2E hostile provider',
  },
  deploy: { ...deploy, gateway: { provider: `${providerUrl}/p`, accounts: `${providerUrl}/a`, ...gateway } },
});
const badGateway = { message: 'O provedor não respondeu.', error: 'Bad Gateway', statusCode: 502 };

function expectOnlyAllowedHeaders(headers: Record<string, string>, what: string) {
  expect(
    Object.keys(headers).filter((name) => !ALLOWED.has(name)),
    what,
  ).toEqual([]);
  // nginx's own Server header (server_tokens off), never the provider's.
  expect(headers.server, what).toBe('nginx');
  expectApiHeaders(headers, what);
}

test('the provider’s response headers: only named ones pass (an allow-list), each once, and its NEL policy is turned off', async ({
  request,
}) => {
  await withSecondNginx(request, { ...gatewayDocs(), args: logArgs }, async (url) => {
    for (const [route, status] of [
      [statusPath, 200],
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
    // A header the app reads, sent twice or under two spellings: one value passes.
    respond = (_req, res) => {
      // Raw header lines: each sent as it is, in this order and spelling.
      res.writeHead(200, [
        'Content-Type',
        'application/json',
        'Retry-After',
        '7',
        'retry-AFTER',
        '3600',
        'Retry-After',
        '60',
      ]);
      res.end('{}');
    };
    const twice = await request.get(`${url}${statusPath}`, { headers: bearer });
    expect(twice.headersArray().filter(({ name }) => name.toLowerCase() === 'retry-after')).toEqual([
      { name: 'Retry-After', value: '7' },
    ]);
    // The gateway's own answers carry no NEL (no policy was seen), and the API's policy too.
    const own = await request.get(`${url}/api/v1/nothing/`, { headers: bearer });
    expect(own.status()).toBe(404);
    expect(own.headers().nel).toBeUndefined();
    expectApiHeaders(own.headers(), 'the gateway’s 404');
  });
});

test('the provider’s X-Accel-* headers are not obeyed: its answer stays its own, and the token reaches no other route', async ({
  request,
}) => {
  await withSecondNginx(request, { ...gatewayDocs(), args: logArgs }, async (url) => {
    for (const target of [
      '/accounts/v1/account/get-all-accounts/',
      '/a/v1/account/get-all-accounts/',
      '/__gateway/ready',
      '/api/v1/products/',
      '/config.json',
    ]) {
      respond = (req, res) => {
        if (!req.url?.includes('/request/')) {
          // Where nginx would have sent the request: the page a redirect lands on, with every header.
          res.writeHead(200, { 'Content-Type': 'application/json', ...HOSTILE_HEADERS });
          res.end('{"from":"elsewhere"}');
          return;
        }
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'X-Accel-Redirect': target,
          'X-Accel-Buffering': 'yes',
          'X-Accel-Charset': 'koi8-r',
          'X-Accel-Expires': '600',
          'X-Accel-Limit-Rate': '1',
        });
        res.end('{"from":"status"}');
      };
      seen.length = 0;
      const response = await request.get(`${url}${statusPath}`, { headers: bearer });
      expect(response.status(), target).toBe(200);
      expect(await response.json(), target).toEqual({ from: 'status' });
      expectOnlyAllowedHeaders(response.headers(), target);
      expect(response.headers().nel, target).toBeUndefined();
      // One request reached the provider, the one asked for, with the operator's token.
      expect(seen, target).toEqual([
        {
          method: 'GET',
          url: `/p/v1/cards/request/${seededCpfs.approved}/`,
          body: '',
          authorization: bearer.Authorization,
        },
      ]);
    }
  });
});

test('no proxied answer is anything but JSON: HTML, a script, an unknown encoding or no type are the 502 Error object', async ({
  request,
}) => {
  let answer: { status: number; headers: Record<string, string>; body: string } = {
    status: 200,
    headers: {},
    body: '',
  };
  respond = (_req, res) => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
  const script = '<script>parent.postMessage(document.cookie, "*")</script>';
  await withSecondNginx(request, { ...gatewayDocs(), args: logArgs }, async (url) => {
    const refused: Array<Record<string, string>> = [
      { 'Content-Type': 'text/html; charset=utf-8' },
      { 'Content-Type': 'text/javascript' },
      { 'Content-Type': 'application/javascript' },
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'image/svg+xml' },
      { 'Content-Type': 'application/xml' },
      { 'Content-Type': 'text/html; profile=application/json' },
      { 'Content-Type': 'application/jsonp' },
      // Browsers split a Content-Type on commas and take the last type: no comma passes, quoted or not.
      { 'Content-Type': 'application/json;x=,text/html' },
      { 'Content-Type': 'application/json; charset=utf-8, text/javascript' },
      { 'Content-Type': 'application/json; x="a,b"' },
      { 'Content-Type': 'application/json, text/html' },
      { 'Content-Type': 'application/json; charset' },
      {},
      { 'Content-Type': 'application/json', 'Content-Encoding': 'dcb', 'Use-As-Dictionary': 'match="/*"' },
    ];
    for (const headers of refused) {
      answer = { status: 200, headers, body: script };
      const response = await request.get(`${url}${statusPath}`, { headers: bearer });
      const what = JSON.stringify(headers);
      expect(response.status(), what).toBe(502);
      expect(response.headers()['content-type'], what).toMatch(/^application\/json/);
      expect(await response.json(), what).toEqual(badGateway);
      expectApiHeaders(response.headers(), what);
    }
    // JSON passes with the API's policy, as `application/json; charset=utf-8` whatever parameters it
    // came with; an answer without a body passes without its type.
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset="UTF-8"',
      'application/json; charset=iso-8859-1; x="a b"',
    ]) {
      answer = { status: 201, headers: { 'Content-Type': type }, body: '{"ok":true}' };
      const response = await request.post(`${url}/api/v1/cards/create/virtual/`, {
        headers: { ...bearer, 'Content-Type': 'application/json' },
        data: { account: 1 },
      });
      expect(response.status(), type).toBe(201);
      expect(response.headers()['content-type'], type).toBe('application/json; charset=utf-8');
      expect(await response.json(), type).toEqual({ ok: true });
      expectApiHeaders(response.headers(), type);
    }
    for (const status of [202, 204]) {
      answer = { status, headers: { 'Content-Type': 'text/html', 'Content-Length': '0' }, body: '' };
      const response = await request.post(`${url}/api/v1/cards/cancel/5003/`, {
        headers: { ...bearer, 'Content-Type': 'application/json' },
        data: { cardCode: 5003 },
      });
      expect(response.status(), String(status)).toBe(status);
      expect(response.headers()['content-type'], String(status)).toBeUndefined();
      expectApiHeaders(response.headers(), String(status));
    }
  });
  expect(readFileSync(accessLog, 'utf8')).toMatch(
    /^gateway \[.*\] "GET \/api\/v1\/cards\/request\/\{cpf\}\/ HTTP\/1\.1" refused \(content type\): upstream 200 /m,
  );
});

test('in the browser, a link or a <script src> to /api/ never makes an answer of the provider a page or a script', async ({
  page,
  request,
  runtime,
}) => {
  // What Chromium says of the refused script, the expected outcome here.
  runtime.allowConsoleError(/^Refused to execute script from '[^']*\/api\/v1\/cards\/request\//);
  respond = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    res.end('window.__provider = document.title;');
  };
  await withSecondNginx(request, { ...gatewayDocs(), args: logArgs }, async (url) => {
    // A link the operator opens: a navigation (Sec-Fetch-Dest: document) is no call of the app's.
    const navigation = await page.goto(`${url}${statusPath}`);
    expect(navigation?.status()).toBe(400);
    expect(await navigation?.json()).toEqual({
      message: 'Requisição fora da interface do provedor.',
      error: 'Bad Request',
      statusCode: 400,
    });
    expectApiHeaders(navigation?.headers() ?? {}, 'a navigation to /api/');
    // A page of the app loading a script from /api/ (what a page at one route could do with another).
    await page.goto(`${url}/`);
    const loaded = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const element = document.createElement('script');
          element.src = src;
          element.onload = () => resolve('loaded');
          element.onerror = () => resolve('refused');
          document.head.append(element);
        }),
      statusPath,
    );
    expect(loaded).toBe('refused');
    expect(await page.evaluate(() => (window as { __provider?: string }).__provider)).toBeUndefined();
    // Neither ever reached the provider.
    expect(seen).toEqual([]);
  });
});

test('a 1xx from the provider (100, 101, 102, 103): the 502 Error object, and the connection stays framed', async ({
  request,
}) => {
  respond = (req, res) => {
    const code = Number(/\/request\/0{8}(1\d\d)\//.exec(req.url ?? '')?.[1]);
    // The interim answer, then a final one of the provider's own: its headers, none of the gateway's.
    res.socket?.write(
      `HTTP/1.1 ${code} Interim\r\nLink: </assets/evil.js>; rel=preload; as=script\r\nUpgrade: websocket\r\n\r\n`,
    );
    res.writeHead(200, { 'Content-Type': 'text/html', 'X-Frame-Options': 'ALLOWALL' });
    res.end('<script>alert(document.domain)</script>');
  };
  await withSecondNginx(request, { ...gatewayDocs(), args: logArgs }, async (url) => {
    for (const code of [100, 101, 102, 103]) {
      seen.length = 0;
      // The lookup, then on the same connection a request of the app's own: each answer framed apart.
      const text = await rawConnection(
        url,
        `GET /api/v1/cards/request/00000000${code}/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sandbox-operator\r\n\r\n` +
          'GET /config.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        { halfClose: false },
      );
      const answers = framedResponses(text);
      expect(
        answers.map(({ interim, status }) => ({ interim, status })),
        String(code),
      ).toEqual([
        { interim: [], status: 502 },
        { interim: [], status: 200 },
      ]);
      const [lookup, config] = answers;
      expect(JSON.parse(Buffer.from(lookup?.body ?? '', 'latin1').toString('utf8')), String(code)).toEqual(
        badGateway,
      );
      expectOnlyAllowedHeaders(lookup?.headers ?? {}, String(code));
      expect(JSON.parse(config?.body ?? 'null'), String(code)).toMatchObject({ baseUrl: '/api' });
      // Asked once: an answer refused is not asked for again.
      expect(
        seen.map((entry) => entry.url),
        String(code),
      ).toEqual([`/p/v1/cards/request/00000000${code}/`]);
    }
  });
  expect(readFileSync(accessLog, 'utf8')).toMatch(/refused \(status 103\): upstream 103 /);
});

test('a GET with a body, loose path segments and queries never reach the provider as sent', async ({
  request,
}) => {
  await withSecondNginx(request, { ...gatewayDocs(), args: logArgs }, async (url) => {
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
    { ...gatewayDocs({ trustedProxies: ['10.9.9.9/32'] }), args: logArgs },
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
      ...gatewayDocs({ trustedProxies: ['127.0.0.1/32'], rateLimit: { perSecond: 1, burst: 1 } }),
      args: logArgs,
    },
    async (url) => {
      // The proxy (127.0.0.1, trusted) appended the client's address to what the client sent: the
      // rightmost untrusted address is the client's, whatever the client put before it.
      const get = (forwardedFor: string) =>
        request.get(`${url}${statusPath}`, { headers: { ...bearer, 'X-Forwarded-For': forwardedFor } });
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

test('an operator inside a trusted range cannot escape the limit with a forged X-Forwarded-For', async ({
  request,
}) => {
  // The operator's own address (127.0.0.5) is inside the trusted range, as a workstation's in 10/8 is
  // inside a 10.0.0.0/8 that was meant for the ingress pods; the proxy in front (127.0.0.1) appends it.
  await withSecondNginx(
    request,
    {
      ...gatewayDocs({ trustedProxies: ['127.0.0.0/8'], rateLimit: { perSecond: 1, burst: 5 } }),
      args: logArgs,
    },
    async (url) => {
      const lookups = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          request.get(`${url}${statusPath}`, {
            headers: { ...bearer, 'X-Forwarded-For': `192.0.2.${i + 1}, 127.0.0.5` },
          }),
        ),
      );
      // A burst of 5 and one more a second: a new forged address each time buys nothing.
      expect(lookups.filter((response) => response.status() === 429).length).toBeGreaterThanOrEqual(20);
    },
  );
  const log = readFileSync(accessLog, 'utf8');
  expect(log).toMatch(/^127\.0\.0\.5 \[.*" 429 /m);
  expect(log).not.toMatch(/^192\.0\.2\./m);
});

test('requests in flight per client are capped with a 429 Error object', async ({ request }) => {
  await withSecondNginx(
    request,
    { ...gatewayDocs({ connectionsPerClient: 2 }), args: logArgs },
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
    },
  );
});

/** The headers the readiness probe answers with: its own, none of the provider's. */
const PROBE_ALLOWED = new Set([
  'content-type',
  'content-length',
  'connection',
  'keep-alive',
  'date',
  'server',
  ...Object.keys(API_HEADERS),
]);

test('readiness: on a listener of its own, made from the provider’s status alone, within a budget; none on the app’s port', async ({
  request,
}) => {
  let status = 200;
  respond = (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'text/html', ...HOSTILE_HEADERS });
    res.end('<p>the provider’s page</p>');
  };
  await withSecondNginx(
    request,
    { ...gatewayDocs({}, { probeListen: `127.0.0.1:${PROBE_PORT}` }), args: logArgs },
    async (url) => {
      // The app's port has no readiness probe, and asks the provider nothing for that path.
      seen.length = 0;
      const onAppPort = await request.get(`${url}/__gateway/ready`);
      expect(onAppPort.status()).toBe(404);
      expect(seen).toEqual([]);
      // Ready while the provider answers, whatever it answers (no token goes with the probe).
      for (const answered of [200, 401, 404, 503]) {
        status = answered;
        seen.length = 0;
        const ready = await request.get(probeUrl);
        expect(ready.status(), String(answered)).toBe(200);
        expect(await ready.text(), String(answered)).toBe('ready\n');
        expect(
          Object.keys(ready.headers()).filter((name) => !PROBE_ALLOWED.has(name)),
          String(answered),
        ).toEqual([]);
        expect(seen, String(answered)).toEqual([
          { method: 'GET', url: '/p/v1/products/', body: '', authorization: undefined },
        ]);
      }
      // One caller, a few calls to the provider a second: the rest are answered "not ready".
      status = 200;
      const probes = await Promise.all(Array.from({ length: 30 }, () => request.get(probeUrl)));
      expect(seen.length).toBeLessThanOrEqual(15);
      expect(probes.filter((probe) => probe.status() === 503).length).toBeGreaterThanOrEqual(15);
    },
  );
});

/** One readiness call from `localAddress` (another loopback address is another caller): its status. */
function probeFrom(localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    httpGet(
      { host: '127.0.0.1', port: PROBE_PORT, path: '/__gateway/ready', localAddress, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    ).on('error', () => resolve(0));
  });
}

test('readiness: a flood from another caller of the probe’s port spends its own budget, never the kubelet’s', async ({
  request,
}) => {
  await withSecondNginx(
    request,
    { ...gatewayDocs({}, { probeListen: `127.0.0.1:${PROBE_PORT}` }), args: logArgs },
    async () => {
      // Another caller (127.0.0.2) asks as fast as it can, ten at a time, until the kubelet is done.
      let flooding = true;
      const flood: number[] = [];
      const workers = Array.from({ length: 10 }, async () => {
        while (flooding) flood.push(await probeFrom('127.0.0.2'));
      });
      try {
        // The flood is past its budget (answered "not ready") before the kubelet asks.
        await expect.poll(() => flood.filter((status) => status === 503).length).toBeGreaterThan(20);
        // The kubelet (127.0.0.1) asks a few times, as after a restart: every time ready.
        const probes: number[] = [];
        for (let i = 0; i < 5; i++) probes.push(await probeFrom('127.0.0.1'));
        expect(probes).toEqual([200, 200, 200, 200, 200]);
      } finally {
        flooding = false;
        await Promise.all(workers);
      }
      expect(flood.filter((status) => status === 200).length).toBeLessThan(flood.length / 2);
    },
  );
});

test('an upstream that is down: readiness says 503 while the app is still served', async ({ request }) => {
  await withSecondNginx(
    request,
    {
      ...gatewayDocs(
        { provider: 'http://127.0.0.1:9/p', accounts: 'http://127.0.0.1:9/a' },
        { probeListen: `127.0.0.1:${PROBE_PORT}` },
      ),
      args: logArgs,
    },
    async (url) => {
      const probe = await request.get(probeUrl);
      expect(probe.status()).toBe(503);
      expect(await probe.text()).toBe('provider unreachable\n');
      expect((await request.get(`${url}/config.json`)).status()).toBe(200);
      const lookup = await request.get(`${url}/api/v1/products/`, { headers: bearer });
      expect(lookup.status()).toBe(502);
      expect(await lookup.json()).toEqual(badGateway);
      expectApiHeaders(lookup.headers(), 'a 502 of a provider that is down');
    },
  );
  expect(readFileSync(accessLog, 'utf8')).toMatch(
    /"GET \/api\/v1\/products\/ HTTP\/1\.1" 502 .* upstream 502 /,
  );
  expect(readFileSync(errorLog, 'utf8')).not.toMatch(/request: "/);
});
