import type { Page } from '@playwright/test';
import { seededCpfs } from '../../src/sandbox/seed';
import { expect, test } from '../fixtures';
import { holdTheAppsScripts } from '../support/held-scripts';
import { OIDC_APP_URL } from '../support/identity-provider';
import { patchConfig } from '../support/patch-config';
import { signInWithSandboxToken } from '../support/sandbox-sign-in';
import { storeBase } from '../support/sandbox-stores';
import { atRest, pictures } from './pictures';

/**
 * Every screen outside the credit application, in its main states (docs/testing.md, "Pictures"): each
 * test reaches its states once and photographs each at 1280 and 390 px, light and dark, with axe's pass on it.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/** Opens a screen through the navigation: the permanent drawer (the pictures' journeys run at 1280 px). */
async function open(page: Page, link: string, heading: string) {
  await nav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  await atRest(page);
});

test('the still shell, before the app’s scripts run', async ({ page }) => {
  await holdTheAppsScripts(page);
  await page.goto('/entrar', { waitUntil: 'commit' });
  await expect(page.getByRole('progressbar', { name: 'Carregando o aplicativo' })).toBeVisible();
  await pictures(page, 'shell');
});

test('sign-in, token mode', async ({ page }) => {
  await page.goto('/entrar');
  await expect(page.getByLabel('Token de acesso')).toBeFocused();
  await pictures(page, 'sign-in-token');
});

test('sign-in, OpenID Connect mode', async ({ page }) => {
  await page.goto(`${OIDC_APP_URL}/entrar`);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await pictures(page, 'sign-in-oidc');
});

test('products and the 404 page', async ({ page }) => {
  await signInWithSandboxToken(page);
  await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  await pictures(page, 'products');
  await page.evaluate(() => {
    history.pushState(null, '', '/nao-existe');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await pictures(page, 'not-found');
});

test('status lookup: results, the paging notice, no result, an error', async ({ page, sandbox }) => {
  await signInWithSandboxToken(page);
  await open(page, 'Análises por CPF', 'Análises por CPF');
  const field = page.getByRole('textbox', { name: 'CPF' });
  const lookUp = async (cpf: string) => {
    await field.fill(cpf);
    await field.press('Enter');
  };
  await lookUp(seededCpfs.underReviewAndDeclined);
  await expect(page.getByRole('table', { name: 'Propostas do CPF consultado' })).toBeVisible();
  await pictures(page, 'status-results');

  await lookUp(seededCpfs.paginated);
  await expect(page.getByText('10 de 25 propostas', { exact: true })).toBeVisible();
  await pictures(page, 'status-paging');

  await lookUp(seededCpfs.freshApproves);
  await expect(page.getByText('Nenhuma proposta para este CPF.')).toBeVisible();
  // Below the fold at 390 and 320 px: the whole page.
  await pictures(page, 'status-no-result', { fullPage: true });

  await sandbox.fault({ endpoint: 'analysisStatus', kind: '500', times: 3 });
  await lookUp(seededCpfs.approved);
  await expect(page.getByRole('alert')).toContainText('Não foi possível consultar as análises');
  await pictures(page, 'status-error', { fullPage: true });
});

test('batch lookup: running, done (Portuguese and English), the export dialog', async ({ page, sandbox }) => {
  await sandbox.reset({ seedAnalyses: 6 });
  await patchConfig(page, { requestTimeoutMs: 60_000 });
  await signInWithSandboxToken(page);
  await open(page, 'Análises por CPF', 'Análises por CPF');
  await page.getByRole('link', { name: 'Em lote' }).click();
  const list = page.getByRole('textbox', { name: 'CPFs' });
  const cpfs = [
    seededCpfs.approved,
    seededCpfs.underReviewAndDeclined,
    seededCpfs.pendingDocuments,
    seededCpfs.unknownStatus,
    seededCpfs.freshApproves,
  ];
  const progress = page.getByTestId('batch-progress');

  // Running: four answers held, none back.
  await sandbox.fault({ endpoint: 'analysisStatus', kind: 'hang', times: 0 });
  await list.fill(cpfs.join('\n'));
  await page.getByRole('button', { name: `Consultar ${cpfs.length} CPFs` }).click();
  await expect(progress).toHaveText(/^0 de 5 consultados/);
  await expect(page.getByRole('button', { name: 'Parar' })).toBeVisible();
  await pictures(page, 'batch-running');
  await page.getByRole('button', { name: 'Parar' }).click();
  await sandbox.reset({ seedAnalyses: 6 });

  // Done: every CPF answered, the results caught up.
  await page.getByRole('button', { name: /^Continuar/ }).click();
  await expect(progress).toHaveText(/Concluída/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Resultados', exact: true })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await pictures(page, 'batch-done');

  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar CSV' });
  await expect(dialog).toBeVisible();
  await pictures(page, 'batch-export-dialog', { visible: dialog });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analyses by CPF' })).toBeVisible();
  await pictures(page, 'batch-done-en');
});

test('cards: the request, the cancel question, the outcome, and the sign-out question', async ({ page }) => {
  // The provider's answers carry its own time of day (the sandbox's clock, not the page's): masked.
  const answerTimes = [page.locator('main time')];
  await signInWithSandboxToken(page);
  await open(page, 'Contas', 'Contas');
  const row = page.getByRole('table', { name: 'Contas da instituição' }).locator('tbody tr').nth(2);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Solicitar cartão virtual para/ }).click();
  const request = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
  await expect(request).toBeVisible();
  await pictures(page, 'cards-request', { visible: request });
  await request.getByRole('button', { name: 'Solicitar' }).click();
  await expect(
    page.getByRole('region', { name: 'Solicitar cartão virtual' }).getByRole('status'),
  ).toContainText('Cartão virtual solicitado');

  const code = page.getByRole('textbox', { name: 'Código do cartão' });
  await code.fill('5001');
  await code.press('Enter');
  const cancel = page.getByRole('dialog', { name: 'Cancelar o cartão 5001?' });
  await expect(cancel.getByRole('textbox')).toBeFocused();
  await pictures(page, 'cards-cancel', { visible: cancel });
  await cancel.getByRole('textbox').fill('5001');
  await cancel.getByRole('textbox').press('Enter');
  await expect(page.getByRole('region', { name: 'Cancelar cartão' }).getByRole('status')).toContainText(
    'Cartão 5001 cancelado',
  );
  await expect(cancel).toBeHidden();
  await pictures(page, 'cards-outcome', { mask: answerTimes });

  // The journal is in no download yet: "Sair" asks first.
  await page.getByRole('button', { name: 'Sair' }).click();
  const question = page.getByRole('dialog', { name: 'Sair e apagar o trabalho desta aba?' });
  await expect(question).toBeVisible();
  await pictures(page, 'sign-out-question', { visible: question, mask: answerTimes });
});

test('accounts: the list', async ({ page }) => {
  await signInWithSandboxToken(page);
  await open(page, 'Contas', 'Contas');
  await expect(page.getByText('30 contas', { exact: true })).toBeVisible({ timeout: 30_000 });
  await pictures(page, 'accounts-list');
});

test('accounts: no access', async ({ page }) => {
  await signInWithSandboxToken(page, /Analista/);
  await open(page, 'Contas', 'Contas');
  await expect(page.getByText('Sem acesso à lista de contas')).toBeVisible();
  await pictures(page, 'accounts-no-access');
});

test('accounts: balances in another unit than configured', async ({ page }) => {
  // The `english` profile sends balances in reais with decimals; this deployment reads centavos.
  const english = storeBase('english', `w${test.info().parallelIndex}`);
  await patchConfig(page, {
    baseUrl: `${english}/api`,
    accountsBaseUrl: `${english}/accounts`,
    balanceUnit: 'centavos',
  });
  await signInWithSandboxToken(page);
  await open(page, 'Contas', 'Contas');
  await expect(page.getByRole('note')).toBeVisible({ timeout: 30_000 });
  await pictures(page, 'accounts-unit-mismatch');
});
