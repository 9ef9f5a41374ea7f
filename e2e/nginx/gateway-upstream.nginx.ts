import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededCpfs } from '../../src/sandbox/seed';
import { expect, test } from '../fixtures';
import { expectApiHeaders, withSecondNginx } from './nginx-helpers';

/**
 * Gateway mode against a provider stand-in of this test's own: an https server on loopback with a
 * certificate made here by openssl (self-signed, for "localhost"), which echoes what reached it. A second
 * nginx from the same files (withSecondNginx) proxies to it: refused while the certificate is not trusted
 * (the system CA bundle), accepted once gateway.caFile names it; what passes and what is stripped
 * either way; a slow answer (504); the rate limit (429); and an upstream that is down (502).
 */

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The TLS server name the client asked for (SNI). */
  servername: string | false | null | undefined;
  body: string;
}

const work = mkdtempSync(path.join(tmpdir(), 'cartoes-gateway-tls-'));
const certFile = path.join(work, 'provider.pem');
const keyFile = path.join(work, 'provider-key.pem');
let provider: Server;
let providerPort = 0;
/** A port where nothing listens: an upstream that is down. */
let downPort = 0;
const seen: Seen[] = [];
const held: Array<() => void> = [];

test.beforeAll(async () => {
  // SAN: the name nginx verifies (the provider's host in gateway.provider).
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  provider = createHttpsServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        servername: req.socket instanceof TLSSocket ? req.socket.servername : undefined,
        body: Buffer.concat(chunks).toString(),
      });
      // A provider that does not answer in time.
      if (req.url?.includes('/v1/products/')) {
        held.push(() => res.destroy());
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': 'provider-session=abc; Path=/; HttpOnly',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        'Cache-Control': 'public, max-age=600',
        'X-Frame-Options': 'SAMEORIGIN',
      });
      res.end(JSON.stringify({ message: 'ok', timestamp: '2026-11-27T00:00:00.000Z' }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerPort = (provider.address() as AddressInfo).port;
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  downPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

test.afterAll(async () => {
  for (const release of held.splice(0)) release();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  provider.closeAllConnections();
  rmSync(work, { recursive: true, force: true });
});

const logs = () => ({ access: path.join(work, 'access.log'), error: path.join(work, 'error.log') });
const logArgs = () => ['--access-log', logs().access, '--error-log', logs().error];
const bearer = { Authorization: 'Bearer sandbox-operator' };
const statusPath = `/api/v1/cards/request/${seededCpfs.approved}/`;

/** What the gateway's logs of this test hold: no CPF, no request line; the route as a template. */
function expectLogsWithoutCpf() {
  const access = readFileSync(logs().access, 'utf8');
  const errors = readFileSync(logs().error, 'utf8');
  expect(access).toContain('"GET /api/v1/cards/request/{cpf}/ HTTP/1.1"');
  expect(errors).toContain('start worker process');
  for (const text of [access, errors]) {
    expect(text).not.toContain(seededCpfs.approved);
    expect(text).not.toMatch(/request: "/);
  }
}

/** config.json of a gateway: the app calls /api and /accounts on its own origin. */
const gatewayConfig = () => ({
  mode: 'sandbox',
  sandboxWorker: false,
  baseUrl: '/api',
  accountsBaseUrl: '/accounts',
  environmentName: 'E2E gateway upstream',
});

test('a provider whose certificate the CA bundle does not vouch for is refused: 502, nothing sent', async ({
  request,
}) => {
  seen.length = 0;
  await withSecondNginx(
    request,
    {
      config: gatewayConfig(),
      deploy: {
        gateway: {
          provider: `https://localhost:${providerPort}/provider`,
          accounts: `http://127.0.0.1:${downPort}/accounts`,
        },
      },
      args: logArgs(),
    },
    async (url) => {
      const refused = await request.get(`${url}${statusPath}`, { headers: bearer });
      expect(refused.status()).toBe(502);
      expect(await refused.json()).toEqual({
        message: 'O provedor não respondeu.',
        error: 'Bad Gateway',
        statusCode: 502,
      });
      expectApiHeaders(refused.headers(), 'a refused certificate');
      expect(refused.headers()['cache-control']).toBe('no-store');
      // The handshake failed verification: no request reached the impostor, no token with it.
      expect(seen).toEqual([]);

      const down = await request.get(`${url}/accounts/v1/account/get-all-accounts/`, { headers: bearer });
      expect(down.status()).toBe(502);
      expect(await down.json()).toMatchObject({ error: 'Bad Gateway', statusCode: 502 });
      expect(down.headers()['content-type']).toMatch(/^application\/json/);
    },
  );
  expectLogsWithoutCpf();
});

test('a provider verified with gateway.caFile: the interface’s headers pass, cookies and CORS do not; slow is a 504; past the rate, 429', async ({
  request,
}) => {
  test.setTimeout(60_000);
  seen.length = 0;
  await withSecondNginx(
    request,
    {
      config: { ...gatewayConfig(), requestTimeoutMs: 1000 },
      deploy: {
        gateway: {
          provider: `https://localhost:${providerPort}/provider`,
          accounts: `https://localhost:${providerPort}/accounts`,
          caFile: certFile,
          rateLimit: { perSecond: 1, burst: 3 },
        },
      },
      args: logArgs(),
    },
    async (url) => {
      const created = await request.post(`${url}/api/v1/cards/create/virtual/`, {
        headers: {
          ...bearer,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'key-1',
          Cookie: 'session=operator',
          Origin: url,
          Referer: `${url}/cartoes`,
          'X-Forwarded-For': '203.0.113.9',
        },
        data: { account: 1042426 },
      });
      expect(created.status()).toBe(200);
      expect(seen).toHaveLength(1);
      const [upstream] = seen;
      expect(upstream).toMatchObject({
        method: 'POST',
        url: '/provider/v1/cards/create/virtual/',
        servername: 'localhost',
        body: '{"account":1042426}',
      });
      expect(upstream?.headers).toMatchObject({
        authorization: 'Bearer sandbox-operator',
        'content-type': 'application/json',
        'idempotency-key': 'key-1',
        host: `localhost:${providerPort}`,
      });
      for (const header of ['cookie', 'origin', 'referer', 'x-forwarded-for']) {
        expect(upstream?.headers[header], header).toBeUndefined();
      }
      const headers = created.headers();
      expect(headers['set-cookie']).toBeUndefined();
      expect(Object.keys(headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(headers['cache-control']).toBe('no-store');
      expectApiHeaders(headers, 'a proxied answer');
      const status = await request.get(`${url}${statusPath}?pagina=1`, { headers: bearer });
      expect(status.status()).toBe(200);
      // The query goes on to the provider (paging, when configured), never into a log.
      expect(seen[1]?.url).toBe(`/provider/v1/cards/request/${seededCpfs.approved}/?pagina=1`);

      // No answer within requestTimeoutMs (1 s) + 1 s: nginx gives up after the app would have.
      const startedAt = Date.now();
      const slow = await request.get(`${url}/api/v1/products/`, { headers: bearer });
      const waited = Date.now() - startedAt;
      expect(slow.status()).toBe(504);
      expect(await slow.json()).toEqual({
        message: 'O provedor não respondeu a tempo.',
        error: 'Gateway Timeout',
        statusCode: 504,
      });
      expectApiHeaders(slow.headers(), 'a 504');
      expect(waited).toBeGreaterThanOrEqual(1_900);

      // 1 request per second, a burst of 3: of 12 sent together, 4 pass, and one more per second they
      // take to arrive on a busy machine.
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => request.get(`${url}${statusPath}`, { headers: bearer })),
      );
      const limited = answers.filter((answer) => answer.status() === 429);
      expect(limited.length).toBeGreaterThanOrEqual(4);
      const [first] = limited;
      expect(first?.headers()['retry-after']).toBe('1');
      expect(first?.headers()['content-type']).toMatch(/^application\/json/);
      expectApiHeaders(first?.headers() ?? {}, 'a 429');
      expect(await first?.json()).toEqual({
        message: 'Muitas requisições: tente novamente em instantes.',
        error: 'Too Many Requests',
        statusCode: 429,
      });
    },
  );
  expectLogsWithoutCpf();
});
