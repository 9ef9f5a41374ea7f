import type { Page } from '@playwright/test';
import { accountNumber } from '../src/sandbox/seed';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { patchConfig } from './support/patch-config';
import type { SandboxControl } from './support/sandbox-control';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { storeBase } from './support/sandbox-stores';

interface Stats {
  cancelsPerCard: Record<string, number>;
  cancelRequestsPerCard: Record<string, number>;
  virtualCardsPerAccount: Record<string, number>;
  idempotencyKeys: Array<{ endpoint: string; key: string; requests: number }>;
}

async function stats(sandbox: SandboxControl): Promise<Stats> {
  // The sandbox's own answer, read back as the shape docs/sandbox.md documents.
  return (await sandbox.stats()) as Stats;
}

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

test.describe('cards', () => {
  test('requests a virtual card from an account row', async ({ page, sandbox }) => {
    await openAccounts(page);
    await expectNoAxeViolations(page, 'accounts');
    const row = accountsTable(page).locator('tbody tr').nth(2);
    const tradeName = (await row.getByRole('rowheader').textContent()) ?? '';
    const action = row.getByRole('button', { name: /^Solicitar cartão virtual para/ });
    // The default seed's accountIds are UUIDs: the code sent is the account number the label names.
    const label = (await action.getAttribute('aria-label')) ?? '';
    const accountNumber = /conta (\d+)$/.exec(label)?.[1] ?? 'missing';
    await action.click();

    await expect(page).toHaveURL(/\/cartoes$/);
    const dialog = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
    await expect(dialog).toContainText(`para a conta ${accountNumber}.`);
    await expect(dialog).toContainText(tradeName);
    await expectNoAxeViolations(page, 'virtual card confirmation');
    await dialog.getByRole('button', { name: 'Solicitar' }).click();

    const section = page.getByRole('region', { name: 'Solicitar cartão virtual' });
    const answer = section.getByRole('status');
    await expect(answer).toContainText(`Cartão virtual solicitado para a conta ${accountNumber}`);
    // The new card's code, so that it can be cancelled from here later.
    await expect(answer).toContainText(/Código do novo cartão: \d+/);
    await expect(answer.locator('time')).toHaveText(/^em \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByRole('table', { name: 'Diário de operações de cartão' })).toContainText(
      `conta ${accountNumber}`,
    );
    await expectNoAxeViolations(page, 'virtual card result');
    expect(await sandbox.lastRequest('createVirtualCard')).toMatchObject({
      body: { account: Number(accountNumber) },
    });
    expect(Object.values((await stats(sandbox)).virtualCardsPerAccount)).toEqual([1]);
  });

  test('the picker lists every account with the code it sends, and says why one cannot be requested', async ({
    page,
  }) => {
    await signInWithSandboxToken(page);
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    const picker = page.getByRole('combobox', { name: 'Conta' });
    // The tenth seeded account prints its check digit after a dash: not an integer, so not requestable.
    await picker.fill(accountNumber(9));
    const option = page.getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toHaveAttribute('aria-disabled', 'true');
    await expect(option).toContainText(`o número da conta (${accountNumber(9)}) não é um número inteiro`);
    await expectNoAxeViolations(page, 'picker, a disabled account');
    await picker.fill(accountNumber(0));
    await expect(page.getByRole('option')).toContainText(`Código enviado: ${accountNumber(0)}`);
    // The picker's list is the accounts screen's: decoded by its worker, loaded for this screen.
    expectAccountsWorker(page);
    // Contrast is measured on the dark theme, not on buttons half-way through their colour transition:
    // with less motion asked for, the theme has none.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    await expectNoAxeViolations(page, 'picker, dark');
  });

  test('cancels a card by keyboard through the confirmation; a second cancel shows the provider message', async ({
    page,
    sandbox,
  }) => {
    await signInWithSandboxToken(page);
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    const code = page.getByRole('textbox', { name: 'Código do cartão' });
    await code.focus();
    await page.keyboard.type('5001');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5001?' });
    await expect(dialog).toContainText('não pode ser desfeita');
    const retype = dialog.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
    await expect(retype).toBeFocused();
    await expectNoAxeViolations(page, 'cancel confirmation');
    await page.keyboard.type('5001');
    await page.keyboard.press('Enter');
    const section = page.getByRole('region', { name: 'Cancelar cartão' });
    await expect(section.getByRole('status')).toContainText('Cartão 5001 cancelado');
    await expect(dialog).toBeHidden();
    // Focus lands on the answer, not on the page's start.
    await expect(section.locator('[tabindex="-1"]')).toBeFocused();

    // The cancelled card's code has left the field. Again, for the same card: the provider's 400 message.
    await expect(code).toHaveValue('');
    await code.focus();
    await page.keyboard.type('5001');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.type('5001');
    await page.keyboard.press('Enter');
    await expect(section.getByRole('alert')).toContainText('Cartão 5001 já está cancelado');
    await expectNoAxeViolations(page, 'cancel refused');
    const journal = page.getByRole('table', { name: 'Diário de operações de cartão' });
    await expect(journal.locator('tbody tr').first()).toContainText('Falha');
    await expect(journal.locator('tbody tr').nth(1)).toContainText('Sucesso');
    const after = await stats(sandbox);
    expect(after.cancelsPerCard).toEqual({ '5001': 1 });
    expect(after.cancelRequestsPerCard).toEqual({ '5001': 2 });
  });

  test('a lost answer (committed, then the connection drops) is an unknown outcome, never a success', async ({
    page,
    sandbox,
  }) => {
    await sandbox.fault({ endpoint: 'cancelCard', kind: 'commitThenReset' });
    await signInWithSandboxToken(page);
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    await page.getByRole('textbox', { name: 'Código do cartão' }).fill('5002');
    await page.getByRole('button', { name: /Cancelar cartão/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5002?' });
    await dialog.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' }).fill('5002');
    await dialog.getByRole('button', { name: 'Cancelar o cartão' }).click();
    const section = page.getByRole('region', { name: 'Cancelar cartão' });
    await expect(section).toContainText('Não foi possível confirmar o resultado');
    await expect(section.getByText('Cartão 5002 cancelado')).toHaveCount(0);
    await expectNoAxeViolations(page, 'cancel, unknown outcome');
    const after = await stats(sandbox);
    expect(after.cancelsPerCard).toEqual({ '5002': 1 });
    expect(after.cancelRequestsPerCard).toEqual({ '5002': 1 });
  });

  test('a double confirmation sends one request with one idempotency key', async ({ page, sandbox }) => {
    // Held until the test has looked at the pending dialog (proceedHeld), not for a fixed time; the
    // app's time-out must outlast that look (axe on a loaded machine takes seconds).
    await sandbox.fault({ endpoint: 'cancelCard', kind: 'delay', delayMs: 600_000 });
    await patchConfig(page, { requestTimeoutMs: 120_000 });
    await signInWithSandboxToken(page);
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    await page.getByRole('textbox', { name: 'Código do cartão' }).fill('5002');
    await page.getByRole('button', { name: 'Cancelar cartão…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5002?' });
    await dialog.getByRole('textbox').fill('5002');
    await dialog.getByRole('button', { name: 'Cancelar o cartão' }).dblclick();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    // Contrast is measured once the dialog has faded in: mid-fade, every colour is still washed out.
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await expectNoAxeViolations(page, 'cancel pending');
    await sandbox.proceedHeld();
    await expect(page.getByRole('region', { name: 'Cancelar cartão' }).getByRole('status')).toContainText(
      'Cartão 5002 cancelado',
    );
    const after = await stats(sandbox);
    expect(after.cancelRequestsPerCard).toEqual({ '5002': 1 });
    expect(after.idempotencyKeys.filter((entry) => entry.endpoint === 'cancelCard')).toHaveLength(1);
  });

  test('without accounts:read, the account code is typed; a failure keeps it', async ({ page, sandbox }) => {
    await sandbox.fault({ endpoint: 'createVirtualCard', kind: '500' });
    await signInWithSandboxToken(page, /Analista/);
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    await expect(page.getByText(/O seu acesso não inclui a lista de contas/).first()).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Código da conta' });
    await code.fill('100001');
    await page.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Solicitar' }).click();
    const section = page.getByRole('region', { name: 'Solicitar cartão virtual' });
    await expect(section.getByRole('alert')).toContainText('Tente novamente mais tarde');
    await expect(code).toHaveValue('100001');
    await expectNoAxeViolations(page, 'virtual card failure, typed code');
  });
});

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
    await expectNoAxeViolations(page, 'accounts, 10 000, searched');

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

  test('a token without accounts:read gets an explanation, not an error page', async ({ page }) => {
    await signInWithSandboxToken(page, /Analista/);
    await nav(page).getByRole('link', { name: 'Contas' }).click();
    await expect(page.getByText('Sem acesso à lista de contas')).toBeVisible();
    await expect(page).toHaveTitle('Contas · Cartões Back-office');
    await expectNoAxeViolations(page, 'accounts, no scope');
  });

  test('a 500 shows the message and a retry that recovers', async ({ page, sandbox }) => {
    await sandbox.fault({ endpoint: 'allAccounts', kind: '500', times: 3 });
    await signInWithSandboxToken(page);
    await nav(page).getByRole('link', { name: 'Contas' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Não foi possível carregar as contas');
    await expect(page).toHaveTitle('Erro: Contas · Cartões Back-office');
    await expectNoAxeViolations(page, 'accounts, 500');
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(accountsTable(page).getByRole('rowheader').first()).toBeVisible();
  });

  test('balances in reais under balanceUnit "centavos": everything but the balances works, and the note says why (the key under the details)', async ({
    page,
  }) => {
    // The `english` profile sends balances in reais with decimals; this deployment reads centavos. Its
    // store in this worker's lane, only read here.
    const english = storeBase('english', `w${test.info().parallelIndex}`);
    await patchConfig(page, {
      baseUrl: `${english}/api`,
      accountsBaseUrl: `${english}/accounts`,
      balanceUnit: 'centavos',
    });
    await openAccounts(page);
    const note = page.getByRole('note').filter({ hasText: 'Saldos não mostrados' });
    await expect(note).toContainText(/O provedor mandou um saldo com frações de centavo/);
    // The field and the key are for support, under the details.
    await note.getByText('Detalhes técnicos (para o suporte)').click();
    await expect(note.locator('details')).toContainText(
      /O campo accounts\.\d+\.balance\.(total|blocked|available) da resposta vale/,
    );
    await expect(note.locator('details')).toContainText('balanceUnit');
    await expect(page).toHaveTitle('Contas · Cartões Back-office');
    const table = accountsTable(page);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Nome fantasia',
      'CNPJ',
      'Agência',
      'Conta',
      'Ações',
    ]);
    await expect(table).not.toContainText('R$');
    await expect(table.locator('tfoot')).toHaveCount(0);
    await expect(page.getByText('30 contas')).toBeVisible();
    await expectNoAxeViolations(page, 'accounts, balances withheld');
    await shot(page, 'accounts-balances-withheld-1280');

    // Search.
    const first = (await table.getByRole('rowheader').first().textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Buscar contas' }).fill(first);
    await expect(table.getByRole('rowheader').first()).toHaveText(first);
    await expect(page.getByText(/^\d+ de 30 contas$/)).toBeVisible();

    // The row action opens the virtual card's confirmation for the account (not confirmed here).
    const action = table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Solicitar cartão virtual para/ });
    const code = /conta (\d+)$/.exec((await action.getAttribute('aria-label')) ?? '')?.[1] ?? 'missing';
    await action.click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
    await expect(dialog).toContainText(`para a conta ${code}.`);
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await expect(dialog).toBeHidden();

    // The cards screen's picker lists the accounts, with the code each would send.
    const picker = page.getByRole('combobox', { name: 'Conta' });
    await picker.fill('');
    await picker.fill(first);
    const option = page.getByRole('option').filter({ hasText: first }).first();
    await expect(option).toContainText('Código enviado:');
    await option.click();
    await page.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
    await expect(page.getByRole('dialog', { name: 'Solicitar cartão virtual?' })).toContainText(first);
  });

  test('dark theme and English: no axe violations', async ({ page }) => {
    await openAccounts(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Use dark theme' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expectNoAxeViolations(page, 'accounts, dark, English');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Cards' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
    await expectNoAxeViolations(page, 'cards, dark, English');
  });
});
