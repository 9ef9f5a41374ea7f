import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe-check';
import { signInWithSandboxToken } from '../support/sandbox-sign-in';

/**
 * The journeys' smoke subset on nginx, under the CSP that scripts/deploy/render.ts writes. The runtime guard of
 * e2e/fixtures.ts fails any of these on a single CSP violation, console error or page error, so a
 * production header that breaks the app (a style, a worker, a call to the provider) shows up here.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

test('signs in, shows the products, every screen of the drawer opens (English and dark theme too)', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/entrar$/);
  await page.getByRole('button', { name: /Operador/ }).click();
  const table = page.getByRole('table', { name: 'Produtos de crédito' });
  await expect(table.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  // An HTML-like name from the provider stays text: nothing ran.
  expect(await page.evaluate(() => window.__x)).toBeUndefined();
  for (const name of ['Nova proposta', 'Análises por CPF', 'Cartões', 'Contas', 'Produtos']) {
    await nav(page).getByRole('link', { name }).click();
    await expect(nav(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Use dark theme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credit products' })).toBeVisible();
  await expectNoAxeViolations(page, 'nginx: products, English, dark');
});

test('a deep link loads the app (SPA fallback) and, signed in, the screen asked for', async ({ page }) => {
  await page.goto('/contas');
  await page.getByRole('button', { name: /Operador/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/nao/existe/mesmo');
  await expect(page.getByRole('button', { name: /Operador/ })).toBeVisible();
});

test('looks a CPF up', async ({ page, privacy }) => {
  privacy.allowInRequestUrl(/\/api\/v1\/cards\/request\/\d{11}\/$/);
  privacy.watch('52998224725');
  await signInWithSandboxToken(page);
  await nav(page).getByRole('link', { name: 'Análises por CPF' }).click();
  const field = page.getByRole('textbox', { name: 'CPF' });
  await field.fill('52998224725');
  await field.press('Enter');
  const table = page.getByRole('table', { name: 'Propostas do CPF consultado' });
  await expect(table.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();
});

test('lists the accounts and cancels a card', async ({ page, sandbox }) => {
  await signInWithSandboxToken(page);
  await nav(page).getByRole('link', { name: 'Contas' }).click();
  const accounts = page.getByRole('table', { name: 'Contas da instituição' });
  await expect(accounts.getByRole('rowheader').first()).toBeVisible();
  // The list is checked, searched and sorted in a Web Worker (decision 012): it starts under this CSP.
  expect(page.workers().map((worker) => worker.url())).toContainEqual(
    expect.stringContaining('accounts.worker'),
  );
  await accounts.getByRole('button', { name: 'Nome fantasia' }).click();
  await page.getByRole('searchbox', { name: 'Buscar contas' }).fill('a');
  await expect(accounts).toHaveAttribute('aria-busy', 'false');
  await expect(accounts.getByRole('columnheader', { name: 'Nome fantasia' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
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
