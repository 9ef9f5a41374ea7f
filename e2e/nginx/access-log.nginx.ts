import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { NGINX_URL, rawRequest } from './nginx-helpers';

/**
 * nginx's access log keeps the path of each request, never its query: the sign-in callback
 * (/entrar/retorno?code=…&state=…) carries the authorization code and state there. Read from the log
 * the suite's nginx writes (playwright.nginx.config.ts, E2E_NGINX_ACCESS_LOG).
 */

const ACCESS_LOG = process.env.E2E_NGINX_ACCESS_LOG ?? '';
const ERROR_LOG = process.env.E2E_NGINX_ERROR_LOG ?? '';

function logLines(): string[] {
  return readFileSync(ACCESS_LOG, 'utf8').split('\n').filter(Boolean);
}

test('the sign-in callback is logged by its path: no code, no state', async ({ request }) => {
  // A User-Agent of its own finds this test's lines among the suite's.
  const marker = `access-log-test-${randomUUID()}`;
  const code = `code-${randomUUID()}`;
  const state = `state-${randomUUID()}`;
  const callback = await request.get(`/entrar/retorno?code=${code}&state=${state}&session_state=x`, {
    headers: { 'User-Agent': marker },
  });
  expect(callback.status()).toBe(200);
  const popup = await request.get(`/entrar/retorno/popup?state=${state}&error=access_denied`, {
    headers: { 'User-Agent': marker },
  });
  expect(popup.status()).toBe(200);
  const asset = await request.get(`/favicon.svg?cpf=52998224725`, { headers: { 'User-Agent': marker } });
  expect(asset.status()).toBe(200);

  // nginx writes a line as each request ends; the answer can arrive a moment before.
  await expect.poll(() => logLines().filter((line) => line.includes(marker)).length).toBe(3);
  const mine = logLines().filter((line) => line.includes(marker));
  expect(mine[0]).toContain('"GET /entrar/retorno HTTP/1.1" 200 ');
  expect(mine[1]).toContain('"GET /entrar/retorno/popup HTTP/1.1" 200 ');
  expect(mine[2]).toContain('"GET /favicon.svg HTTP/1.1" 200 ');
  for (const line of mine) {
    for (const secret of [code, state, '52998224725', '?', 'code=', 'state=']) {
      expect(line, `the log line holds ${secret}`).not.toContain(secret);
    }
  }
});

test('nothing the suite has logged so far holds a query', () => {
  const lines = logLines();
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => /code=|state=|\?/.test(line))).toEqual([]);
});

test('a callback too large for nginx (URI, header, body) leaves its code and state in no log', async () => {
  const code = `code-${randomUUID()}`;
  const state = `state-${randomUUID()}`;
  const callback = `/entrar/retorno?code=${code}&state=${state}`;
  const long = 'a'.repeat(9_000);
  const cases: Array<[string, number]> = [
    [`GET ${callback}&x=${long} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
    [`GET ${callback} HTTP/1.1\r\nHost: x\r\nX-Long: ${long}\r\n\r\n`, 400],
    [
      `GET ${callback} HTTP/1.1\r\nHost: x\r\n${'X-Big: '.concat('b'.repeat(7_000), '\r\n').repeat(6)}\r\n`,
      400,
    ],
    [`POST ${callback} HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n`, 413],
  ];
  for (const [request, status] of cases) {
    expect((await rawRequest(NGINX_URL, request)).status).toBe(status);
  }
  // The control: nginx writes to this error log (its start notices), and the access log has the 413.
  const errors = readFileSync(ERROR_LOG, 'utf8');
  expect(errors).toContain('start worker process');
  await expect
    .poll(() => logLines().some((line) => line.includes('"POST /entrar/retorno HTTP/1.1" 413 ')))
    .toBe(true);
  for (const text of [errors, readFileSync(ACCESS_LOG, 'utf8')]) {
    for (const secret of [code, state]) expect(text).not.toContain(secret);
  }
  expect(errors).not.toMatch(/request: "/);
});
