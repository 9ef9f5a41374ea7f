import type { Page } from '@playwright/test';
import { accountNumber } from '../src/sandbox/seed';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { signInWithSandboxToken } from './support/sandbox-sign-in';

/**
 * What only a browser shows of the accounts screen: 10,000 accounts decoded, sorted and searched in the Web
 * Worker and drawn as a window of rows; a CSV file downloaded. What the accounts and cards screens say for
 * each answer and failure is proven by the page tests (accounts-page.test.tsx, cards-page.test.tsx,
 * cards-exactly-once-page.test.tsx) on the same sandbox handlers; the cards over the network by
 * e2e/journeys.spec.ts and e2e/exactly-once.spec.ts; the cancel by keyboard in the build (Enter in the code
 * field opens the question, its field has the focus, Enter confirms) and both screens' pictures, at 1280
 * and 390 px with axe's pass, by e2e/visual/screens.visual.ts.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const accountsTable = (page: Page) => page.getByRole('table', { name: 'Contas da instituição' });

async function openAccounts(page: Page) {
  await signInWithSandboxToken(page);
  await nav(page).getByRole('link', { name: 'Contas' }).click();
  // The list is decoded in a worker while it downloads: on a loaded machine the first rows can take longer
  // than the default 7 s (their speed is the benchmark's, not this test's).
  await expect(accountsTable(page).getByRole('rowheader').first()).toBeVisible({ timeout: 30_000 });
}

/**
 * The accounts list went through the Web Worker (decision 012), which is still running: a worker that
 * fails is stopped and the main thread takes over, so a list decoded there leaves no worker behind.
 */
function expectAccountsWorker(page: Page) {
  expect(page.workers().map((worker) => worker.url())).toContainEqual(
    expect.stringContaining('accounts.worker'),
  );
}

test.describe('accounts', () => {
  test('10 000 accounts scroll and sort; search, columns and totals work', async ({ page, sandbox }) => {
    test.setTimeout(60_000);
    await sandbox.reset({ accountCount: 10_000 });
    await openAccounts(page);
    await expect(page.getByText(/^10\.?000 contas$/)).toBeVisible();
    const table = accountsTable(page);
    await expect(table).toHaveAttribute('aria-rowcount', '10002');
    // Virtualized: far fewer rows in the DOM than accounts.
    expect(await table.locator('tbody tr').count()).toBeLessThan(80);

    const region = page.getByRole('region', { name: 'Contas da instituição' });
    await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(table.locator('tbody tr[aria-rowindex="10001"]')).toBeVisible();
    await expect(table.locator('tfoot')).toContainText(/Totais \(10\.?000 contas\)/);

    await table.getByRole('button', { name: 'Disponível' }).click();
    await expect(table.getByRole('columnheader', { name: 'Disponível' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await region.evaluate((element) => element.scrollTo({ top: 0 }));
    // After the name (th): CNPJ, agência, conta, available (the columns shown at 1280 px).
    const firstAvailable = table.locator('tbody tr[aria-rowindex="2"] td').nth(3);
    await expect(firstAvailable).toHaveText(/^-R\$/);
    await table.getByRole('button', { name: 'Disponível' }).click();
    await expect(table.getByRole('columnheader', { name: 'Disponível' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(firstAvailable).not.toHaveText(/^-/);

    await page.getByRole('searchbox', { name: 'Buscar contas' }).fill('Padaria Horizonte');
    await expect(page.getByText(/^\d+ de 10\.?000 contas$/)).toBeVisible();
    // Decoded, sorted and searched by the worker, not by the main thread's fallback.
    expectAccountsWorker(page);

    await page.getByRole('button', { name: 'Colunas' }).click();
    const menu = page.getByRole('menu', { name: 'Colunas visíveis' });
    await expectNoAxeViolations(page, 'columns menu');
    await menu.getByRole('menuitemcheckbox', { name: 'Agência' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Agência' })).toHaveCount(0);
  });

  test('exports the accounts shown as a CSV file', async ({ page }) => {
    await openAccounts(page);
    // The fourth seeded account is overdrawn; its number is unique (docs/sandbox.md).
    await page.getByRole('searchbox', { name: 'Buscar contas' }).fill(accountNumber(3));
    await expect(page.getByText('1 de 30 contas')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contas-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text.map((chunk: Buffer) => chunk)).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/;-\d+,\d{2};/);
  });
});
