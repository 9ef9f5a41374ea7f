import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seededAnalysisCpfs, seededCpfs } from '../../src/sandbox/seed';
import { expect, test } from '../fixtures';
import { signInWithSandboxToken } from '../support/sandbox-sign-in';
import { applicant, fillCreditApplication } from '../wizard-helpers';
import { expectApiHeaders, expectSecurityHeaders } from './nginx-helpers';

/**
 * The app through gateway mode: the suite's third nginx (playwright.nginx.config.ts, E2E_GATEWAY_URL)
 * serves the build and proxies /api/ and /accounts/ to the HTTP sandbox, so the page talks to its own
 * origin only. The journeys an operator and an analyst make, then what the gateway's logs kept of them:
 * routes as templates, never a CPF or a query. The upstream's TLS, headers, time-out and rate limit:
 * e2e/nginx/gateway-upstream.nginx.ts.
 */

const GATEWAY_URL = process.env.E2E_GATEWAY_URL ?? 'http://127.0.0.1:4482';
const ACCESS_LOG = process.env.E2E_GATEWAY_ACCESS_LOG ?? '';
const ERROR_LOG = process.env.E2E_GATEWAY_ERROR_LOG ?? '';
const STATUS_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/cards\/request\/\d{11}\/$/;
/** The batch: named seeded CPFs and the first of `seedAnalyses`. */
const BATCH_SEED = 10;
const batchCpfs = [
  seededCpfs.approved,
  seededCpfs.underReviewAndDeclined,
  seededCpfs.pendingDocuments,
  seededCpfs.unknownStatus,
  seededCpfs.withErrors,
  ...seededAnalysisCpfs(BATCH_SEED),
];

test.use({ baseURL: GATEWAY_URL });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/** Requests the page sends to any origin but the app's own, and any CORS preflight. */
function watchOrigins(page: Page) {
  const seen = { otherOrigins: new Set<string>(), preflights: 0, toGateway: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.protocol.startsWith('http')) return;
    if (url.origin !== GATEWAY_URL) seen.otherOrigins.add(url.origin);
    else if (/^\/(api|accounts)\//.test(url.pathname)) seen.toGateway += 1;
    if (request.method() === 'OPTIONS') seen.preflights += 1;
  });
  return seen;
}

test('config.json points at the gateway, and the CSP allows this origin only', async ({ request }) => {
  const response = await request.get('/config.json');
  expect(await response.json()).toMatchObject({
    mode: 'sandbox',
    sandboxWorker: false,
    baseUrl: '/api',
    accountsBaseUrl: '/accounts',
    environmentName: 'E2E gateway',
  });
  expectSecurityHeaders(response.headers(), 'the gateway’s /config.json', "'self'");
});

test('signs in, lists the products and sends a credit application, on this origin only', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(90_000);
  const origins = watchOrigins(page);
  await signInWithSandboxToken(page);
  const products = page.getByRole('table', { name: 'Produtos de crédito' });
  await expect(products.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  await fillCreditApplication(page);
  await page.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(page.getByText('Proposta enviada').first()).toBeVisible();
  expect(await sandbox.stats()).toMatchObject({
    applicationsPerCpf: { [applicant.portador.cpf]: 1 },
    requestsPerEndpoint: { creditRequest: 1 },
  });
  // The key reached the sandbox through the gateway's header allow-list.
  expect(await sandbox.lastRequest('creditRequest')).toMatchObject({
    idempotencyKey: expect.stringMatching(/\S/),
  });
  expect([...origins.otherOrigins]).toEqual([]);
  expect(origins.preflights).toBe(0);
  expect(origins.toGateway).toBeGreaterThanOrEqual(3);
});

test('the batch lookup goes through the gateway, each CPF asked once', async ({ page, sandbox, privacy }) => {
  test.setTimeout(90_000);
  await sandbox.reset({ seedAnalyses: BATCH_SEED });
  privacy.allowInRequestUrl(STATUS_URL);
  for (const cpf of batchCpfs) privacy.watch(cpf);
  const origins = watchOrigins(page);
  await signInWithSandboxToken(page);
  await nav(page).getByRole('link', { name: 'Análises por CPF' }).click();
  await page
    .getByRole('navigation', { name: 'Modo de consulta' })
    .getByRole('link', { name: 'Em lote' })
    .click();
  await page.getByRole('textbox', { name: 'CPFs' }).fill(batchCpfs.join('\n'));
  await page.getByRole('button', { name: `Consultar ${batchCpfs.length} CPFs` }).click();
  await expect(page.getByTestId('batch-progress')).toHaveText(
    new RegExp(`^${batchCpfs.length} de ${batchCpfs.length} consultados · Concluída`),
    { timeout: 30_000 },
  );
  const stats = (await sandbox.stats()) as { statusLookupsPerCpf: Record<string, number> };
  expect(stats.statusLookupsPerCpf).toEqual(Object.fromEntries(batchCpfs.map((cpf) => [cpf, 1])));
  expect([...origins.otherOrigins]).toEqual([]);
  expect(origins.preflights).toBe(0);
});

test('10,000 accounts stream through the gateway, and a card is cancelled', async ({ page, sandbox }) => {
  test.setTimeout(90_000);
  await sandbox.reset({ accountCount: 10_000 });
  const accountsResponse = page.waitForResponse((response) =>
    response.url().endsWith('/accounts/v1/account/get-all-accounts/'),
  );
  await signInWithSandboxToken(page);
  await nav(page).getByRole('link', { name: 'Contas' }).click();
  await expect(page.getByText(/^10\.?000 contas$/)).toBeVisible({ timeout: 30_000 });
  const response = await accountsResponse;
  expect(response.url()).toBe(`${GATEWAY_URL}/accounts/v1/account/get-all-accounts/`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['access-control-allow-origin']).toBeUndefined();

  await nav(page).getByRole('link', { name: 'Cartões' }).click();
  await page.getByRole('textbox', { name: 'Código do cartão' }).fill('5003');
  await page.getByRole('button', { name: /Cancelar cartão/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5003?' });
  await dialog.getByRole('textbox').fill('5003');
  await dialog.getByRole('button', { name: 'Cancelar o cartão' }).click();
  await expect(page.getByRole('region', { name: 'Cancelar cartão' }).getByRole('status')).toContainText(
    'Cartão 5003 cancelado',
  );
  const stats = (await sandbox.stats()) as { cancelRequestsPerCard: Record<string, number> };
  expect(stats.cancelRequestsPerCard).toEqual({ '5003': 1 });
});

test('a provider that drops the connection: a 502 Error object with the headers; a cancel is not sent twice', async ({
  request,
  sandbox,
}) => {
  await sandbox.fault({ endpoint: '*', kind: 'commitThenDrop', times: 0 });
  const lookup = await request.get(`/api/v1/cards/request/${seededCpfs.approved}/?pagina=2`, {
    headers: { Authorization: 'Bearer sandbox-operator' },
  });
  expect(lookup.status()).toBe(502);
  expect(lookup.headers()['content-type']).toMatch(/^application\/json/);
  expect(lookup.headers()['cache-control']).toBe('no-store');
  expectApiHeaders(lookup.headers(), 'the gateway’s 502');
  expect(await lookup.json()).toEqual({
    message: 'O provedor não respondeu.',
    error: 'Bad Gateway',
    statusCode: 502,
  });
  // nginx tries a GET again on a fresh connection when a kept-alive one fails; never a POST that was sent.
  const cancel = await request.post('/api/v1/cards/cancel/5003/', {
    headers: { Authorization: 'Bearer sandbox-operator', 'Content-Type': 'application/json' },
    data: { cardCode: 5003 },
  });
  expect(cancel.status()).toBe(502);
  const stats = (await sandbox.stats()) as { cancelRequestsPerCard: Record<string, number> };
  expect(stats.cancelRequestsPerCard).toEqual({ '5003': 1 });
});

test('only the interface’s routes, each with its method, are proxied; the rest is a 404 here', async ({
  request,
  sandbox,
}) => {
  const bearer = { Authorization: 'Bearer sandbox-operator' };
  for (const [method, path] of [
    ['GET', `/api/v1/cards/request/${seededCpfs.approved}/extra/`],
    ['GET', '/api/v1/cards/request/'],
    ['DELETE', '/api/v1/products/'],
    ['GET', '/api/v1/request/credit/'],
    ['GET', '/api/__sandbox/stats'],
    ['POST', '/accounts/__sandbox/reset'],
    ['GET', '/accounts/v1/account/'],
  ] as const) {
    const response = await request.fetch(path, { method, headers: bearer });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect(await response.json(), `${method} ${path}`).toEqual({
      message: 'Rota fora da interface do provedor.',
      error: 'Not Found',
      statusCode: 404,
    });
    expectApiHeaders(response.headers(), `${method} ${path}`);
  }
  const stats = (await sandbox.stats()) as { requestsPerEndpoint: Record<string, number> };
  expect(Object.values(stats.requestsPerEndpoint).filter((count) => count > 0)).toEqual([]);
  // The control: the same client, a route of the interface.
  expect((await request.get('/api/v1/products/', { headers: bearer })).status()).toBe(200);
});

test('after the journeys, the gateway’s logs name routes as templates: no CPF, no query', () => {
  const access = readFileSync(ACCESS_LOG, 'utf8');
  const errors = readFileSync(ERROR_LOG, 'utf8');
  // The controls: the lookups went through and were logged, and nginx writes to this error log.
  expect(access).toMatch(
    /"GET \/api\/v1\/cards\/request\/\{cpf\}\/ HTTP\/1\.1" 200 \d+ [\d.]+ "[^"]*" upstream 200 /,
  );
  expect(access).toContain('"POST /api/v1/request/credit/ HTTP/1.1" 20');
  expect(access).toContain('"GET /accounts/v1/account/get-all-accounts/ HTTP/1.1" 200');
  expect(access).toContain('"POST /api/v1/cards/cancel/{cardCode}/ HTTP/1.1" 200');
  expect(access).toMatch(
    /"GET \/api\/v1\/cards\/request\/\{cpf\}\/ HTTP\/1\.1" 502 \d+ [\d.]+ "[^"]*" upstream 502[ ,]/,
  );
  expect(access).toContain('"GET /api/{unknown} HTTP/1.1" 404');
  expect(errors).toContain('start worker process');
  for (const cpf of [...batchCpfs, applicant.portador.cpf, ...Object.values(seededCpfs)]) {
    expect(access.includes(cpf), `${cpf} in the access log`).toBe(false);
    expect(errors.includes(cpf), `${cpf} in the error log`).toBe(false);
  }
  expect(access.split('\n').filter((line) => line.includes('?'))).toEqual([]);
  expect(errors).not.toContain('pagina=');
  expect(errors).not.toMatch(/request: "/);
});
