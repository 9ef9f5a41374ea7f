import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';

/** What the nginx specs share: the headers every response must carry, raw requests, a second nginx. */

export const NGINX_URL = process.env.E2E_NGINX_URL ?? 'http://127.0.0.1:4480';
/**
 * The port a second nginx's readiness probe listens on (gateway.probeListen), when a spec gives it one: the
 * third after the suite's (the suite's nginx, the second nginx and the gateway take the two before it).
 */
export const PROBE_PORT = Number(new URL(NGINX_URL).port) + 3;

const SECURITY_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * The security headers of the rendered nginx on one response (header names in lower case). `connectSrc`:
 * the expected connect-src (default: the suite's nginx, pointed at the HTTP sandbox).
 */
export function expectSecurityHeaders(
  headers: Record<string, string>,
  what: string,
  connectSrc = `'self' ${process.env.E2E_SANDBOX_URL ?? ''}`,
) {
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
  // The app's own files only: no inline script, no hash.
  expect(directives.get('script-src'), `script-src on ${what}`).toBe("'self'");
  expect(directives.get('object-src'), `object-src on ${what}`).toBe("'none'");
  expect(directives.get('base-uri'), `base-uri on ${what}`).toBe("'none'");
  expect(directives.get('connect-src'), `connect-src on ${what}`).toBe(connectSrc);
  expect(csp, `no unsafe-eval on ${what}`).not.toContain('unsafe-eval');
  // CSP reports are off unless the deployment document's cspReportUrl is set.
  expect(csp, `no report directive on ${what}`).not.toContain('report-');
}

/**
 * What gateway mode sends on every answer at /api/ and /accounts/ (the provider's, passed on, and its own
 * Error objects): the API's policy, not the pages' (whose `script-src 'self'` would cover /api/).
 */
export const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cache-control': 'no-store',
} as const;

/** The API's policy on one answer of the gateway (header names in lower case). */
export function expectApiHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(API_HEADERS)) {
    expect(headers[name], `${name} on ${what}`).toBe(value);
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte on a fresh connection (what a browser or APIRequestContext would refuse
 * to send) and reads everything until nginx closes the connection (bytes as latin1).
 */
export async function rawConnection(
  url: string,
  request: string,
  options: { halfClose?: boolean } = {},
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    // Half-closed after the request by default; kept open for a request nginx proxies (nginx takes a
    // client's half-close while it waits for the upstream as the client giving up), whose last request
    // then says `Connection: close`.
    const socket = connect(Number(port), hostname, () =>
      options.halfClose === false ? socket.write(request) : socket.end(request),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
  });
}

/** rawConnection's first answer, its head parsed and the rest of the bytes as its body. */
export async function rawRequest(url: string, request: string): Promise<RawResponse> {
  const answer = await rawConnection(url, request);
  const end = answer.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = answer.slice(0, end === -1 ? answer.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end === -1 ? '' : answer.slice(end + 4),
  };
}

/** One answer read from a raw connection by its framing, with the interim (1xx) answers before it. */
export interface FramedResponse extends RawResponse {
  interim: number[];
}

function headerBlock(text: string, from: number) {
  const end = text.indexOf('\r\n\r\n', from);
  if (end === -1) return null;
  const [statusLine = '', ...lines] = text.slice(from, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0), headers, next: end + 4 };
}

/**
 * The answers in `text` (bytes as latin1, a whole connection's worth), one after the other as an HTTP/1.1
 * client frames them (RFC 9112): interim 1xx answers, then a final one whose body ends by Content-Length,
 * by the last chunk, or at the close. What a browser or a proxy in front would take each answer to be.
 */
export function framedResponses(text: string): FramedResponse[] {
  const responses: FramedResponse[] = [];
  let at = 0;
  let interim: number[] = [];
  while (at < text.length) {
    const head = headerBlock(text, at);
    if (head === null || head.status === 0)
      throw new Error(`not an answer at byte ${at}: ${JSON.stringify(text.slice(at, at + 80))}`);
    at = head.next;
    if (head.status < 200) {
      interim.push(head.status);
      continue;
    }
    let body = '';
    if (/\bchunked\b/i.test(head.headers['transfer-encoding'] ?? '')) {
      for (;;) {
        const lineEnd = text.indexOf('\r\n', at);
        if (lineEnd === -1) throw new Error('a chunk cut short');
        const size = parseInt(text.slice(at, lineEnd), 16);
        at = lineEnd + 2;
        if (size === 0) {
          at = text.indexOf('\r\n\r\n', at - 2) + 4;
          break;
        }
        body += text.slice(at, at + size);
        at += size + 2;
      }
    } else if (head.headers['content-length'] !== undefined) {
      const length = Number(head.headers['content-length']);
      body = text.slice(at, at + length);
      at += length;
    } else {
      body = text.slice(at);
      at = text.length;
    }
    responses.push({ status: head.status, headers: head.headers, body, interim });
    interim = [];
  }
  return responses;
}

/**
 * A second nginx from the same files, on the port after the suite's one, with another configuration
 * (config.json's members, and the deployment document's: scripts/deploy/render.ts), laid over what
 * `--sandbox URL` or `--gateway URL` in `args` set, or whole without them; stopped, and its exit checked,
 * once `use` is done. One at a time: the suite runs on one worker.
 */
export async function withSecondNginx(
  request: APIRequestContext,
  options: { config?: Record<string, unknown>; deploy?: Record<string, unknown>; args?: string[] },
  use: (url: string) => Promise<void>,
) {
  const port = Number(new URL(NGINX_URL).port) + 1;
  const child = spawn(
    // Node with tsx's loader, so that SIGTERM reaches serve-nginx's own handler (which stops nginx). Not
    // npx, which does not pass it on; not the tsx command either, which relays it but, when the child has
    // not acknowledged it within 30 ms (a busy machine), kills it outright and leaves nginx running.
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/dev/serve-nginx.ts',
      '--port',
      String(port),
      ...(options.config ? ['--config-json', JSON.stringify(options.config)] : []),
      ...(options.deploy ? ['--deploy-json', JSON.stringify(options.deploy)] : []),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await request.get(`${url}/config.json`).catch(() => null))?.status() ?? 0, {
        timeout: 15_000,
      })
      .toBe(200)
      .catch((error: unknown) => {
        throw new Error(`the second nginx did not start: ${stderr}`, { cause: error });
      });
    await use(url);
  } finally {
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
  }
}
