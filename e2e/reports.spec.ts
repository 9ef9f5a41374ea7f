import type { APIRequestContext, Page } from '@playwright/test';
import { seededCpfs } from '../src/sandbox/seed';
import { expect as baseExpect, test } from './fixtures';
import { patchConfig } from './support/patch-config';
import { SANDBOX_TOKENS, signInWithSandboxToken } from './support/sandbox-sign-in';
import type { SandboxControl } from './support/sandbox-control';

/** Several lazy screens on a shared, busy machine: a state may take longer than the default 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Operational reports (config `reportUrl`, docs/decisions/014-operational-reports.md) collected by the HTTP
 * sandbox's stand-in collector (`POST /__sandbox/reports`, read back with GET), then swept for personal
 * data: what the institution's operations team reads must name screens and endpoints, never a customer,
 * an operator or a token.
 */
/** The test's store's stand-in collector. */
const collectorOf = (sandbox: SandboxControl) => `${sandbox.base}/__sandbox/reports`;
const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

interface Batch {
  schema: number;
  app: string;
  environment: string;
  dropped: number;
  events: Array<Record<string, unknown> & { type: string; route: string }>;
}

async function collected(request: APIRequestContext, sandbox: SandboxControl): Promise<string[]> {
  const response = await request.get(collectorOf(sandbox));
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { reports: string[] }).reports;
}

async function lookUp(page: Page, cpf: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Análises por CPF' }).click();
  await page.getByRole('textbox', { name: 'CPF' }).fill(cpf);
  await page.getByRole('button', { name: 'Consultar', exact: true }).click();
}

test.describe('operational reports', () => {
  // Several screens and a page left behind.
  test.describe.configure({ timeout: 60_000 });

  test('failed calls, errors and Web Vitals reach the collector, batched, without personal data', async ({
    page,
    sandbox,
    privacy,
    request,
  }) => {
    const cpf = seededCpfs.approved;
    const COLLECTOR = collectorOf(sandbox);
    privacy.allowStatusLookups();
    const reporterLoads: string[] = [];
    const sent: string[] = [];
    page.on('request', (loaded) => {
      if (/\/assets\/reporter-[^/]*\.js$/.test(loaded.url())) reporterLoads.push(loaded.url());
      if (loaded.url() === COLLECTOR) sent.push(`${loaded.method()} ${loaded.resourceType()}`);
    });
    await patchConfig(page, { reportUrl: COLLECTOR });
    await signInWithSandboxToken(page);
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();

    // A lookup that fails (its request path holds the CPF); queries retry a 500 twice.
    await sandbox.fault({ endpoint: 'analysisStatus', kind: '500', times: 3 });
    await lookUp(page, cpf);
    await expect(page.getByRole('alert')).toContainText('O provedor teve uma falha.');
    // A promise rejected with personal data in its message, nobody catching it.
    await page.evaluate((value) => {
      void Promise.reject(new Error(`Falhou para ${value}, Maria da Conceição Souza`));
    }, cpf);
    await page.getByRole('navigation').getByRole('link', { name: 'Contas' }).click();
    await expect(page.getByText('Padaria Horizonte').first()).toBeVisible();
    // A batch goes out REPORT_FLUSH_MS (10 s) after its first event, the page still open: seen here as a
    // request for sure (a beacon sent while the page unloads may not reach page.on('request')).
    await expect.poll(() => sent.length).toBeGreaterThan(0);

    // Leaving the page (a closed tab, a navigation away) sends what waits.
    await page.goto('about:blank');
    await expect.poll(async () => (await collected(request, sandbox)).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await collected(request, sandbox)).join('\n'))
      .toMatch(/"type":"vital"[^}]*"name":"LCP"/);
    const bodies = await collected(request, sandbox);
    expect(reporterLoads).toHaveLength(1);
    // Sent as beacons (sendBeacon), one per batch.
    expect(new Set(sent)).toEqual(new Set(['POST ping']));

    // Nothing that names a customer, an operator or a token, and no address.
    const personal = [
      ...Object.values(seededCpfs).flatMap((value) => [value, formatted(value)]),
      'Maria',
      'Padaria',
      'Horizonte',
      'Gold Internacional',
      ...SANDBOX_TOKENS,
      'Bearer',
    ];
    for (const body of bodies) {
      for (const value of personal) expect(body, `"${value}" in a report`).not.toContain(value);
      expect(body).not.toMatch(/https?:|\/analises|\/contas|\/produtos/);
    }

    const batches = bodies.map((body) => JSON.parse(body) as Batch);
    for (const batch of batches) {
      expect(batch).toMatchObject({ schema: 1, app: 'cartoes-backoffice', environment: 'E2E', dropped: 0 });
    }
    const events = batches.flatMap((batch) => batch.events);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'api',
        route: 'analysis-status',
        operation: 'GET /v1/cards/request/{document}/',
        kind: 'http',
        status: 500,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', source: 'rejection', name: 'Error' }),
    );
    const vitals = events.filter((event) => event.type === 'vital');
    expect(vitals.map((event) => event.name)).toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP']));
    for (const vital of vitals) {
      expect(['sign-in', 'products', 'analysis-status', 'accounts', 'home']).toContain(vital.route);
    }
  });

  test('without reportUrl, nothing is loaded and nothing is sent', async ({ page, request, sandbox }) => {
    const COLLECTOR = collectorOf(sandbox);
    const reporterLoads: string[] = [];
    const sent: string[] = [];
    page.on('request', (loaded) => {
      if (/\/assets\/reporter-[^/]*\.js$/.test(loaded.url())) reporterLoads.push(loaded.url());
      if (loaded.url() === COLLECTOR) sent.push(loaded.url());
    });
    await signInWithSandboxToken(page);
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Contas' }).click();
    await expect(page.getByText('Padaria Horizonte').first()).toBeVisible();
    await page.goto('about:blank');
    expect(reporterLoads).toEqual([]);
    expect(sent).toEqual([]);
    expect(await collected(request, sandbox)).toEqual([]);
  });
});
