import { expect, test } from '../fixtures';
import { expectSecurityHeaders, NGINX_URL, rawRequest } from './nginx-helpers';

/**
 * What nginx answers by itself, often before it has chosen a location (so no location's add_header
 * applies): a malformed request line, a bad or missing Host, a URI or header too long, a method it
 * refuses, a body too large, an HTTP version it does not speak. Each answer still carries the security
 * headers: an error page is a page too (framed, sniffed, or the first thing a scanner reads).
 */

const longPath = `/${'a'.repeat(9_000)}`;
const longHeader = `X-Long: ${'a'.repeat(9_000)}`;

const cases: Array<[string, string, number]> = [
  ['a request line that is no request line', 'GARBAGE\r\n\r\n', 400],
  ['a method with a lower-case letter', 'GeT / HTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ['HTTP/1.1 without Host', 'GET / HTTP/1.1\r\n\r\n', 400],
  ['a Host with a slash', 'GET / HTTP/1.1\r\nHost: evil.example/x\r\n\r\n', 400],
  ['two Host headers', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', 400],
  ['a path above the root', 'GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400],
  ['a header too long', `GET / HTTP/1.1\r\nHost: x\r\n${longHeader}\r\n\r\n`, 400],
  ['a URI too long', `GET ${longPath} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
  ['TRACE', 'TRACE / HTTP/1.1\r\nHost: x\r\n\r\n', 405],
  ['POST to a static file', 'POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}', 405],
  ['a body over the limit', 'POST /config.json HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n', 413],
  ['an unknown transfer coding', 'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip2\r\n\r\n', 501],
  ['HTTP/2.0 in an HTTP/1 request line', 'GET / HTTP/2.0\r\nHost: x\r\n\r\n', 505],
];

for (const [what, request, status] of cases) {
  test(`${what}: ${status} with the security headers`, async () => {
    const response = await rawRequest(NGINX_URL, request);
    expect(response.status, what).toBe(status);
    expectSecurityHeaders(response.headers, what);
    // nginx's own short page, never the app's HTML.
    expect(response.body).not.toContain('<div id="root"');
  });
}

test('the control: a well-formed request through the same raw socket gets 200 and the headers', async () => {
  const response = await rawRequest(NGINX_URL, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  expect(response.status).toBe(200);
  expectSecurityHeaders(response.headers, 'a raw GET /');
  expect(response.body).toContain('<div id="root"');
});
