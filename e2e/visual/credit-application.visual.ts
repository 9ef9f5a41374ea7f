import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signInWithSandboxToken } from '../support/sandbox-sign-in';
import {
  continueToNextStep,
  fillAddress,
  fillDocumentStep,
  fillIncomeStep,
  fillPersonalStep,
  fillPhone,
  fillProductStep,
  fillCreditApplication,
  openApplication,
} from '../wizard-helpers';
import { atRest, pictures } from './pictures';

/**
 * The credit application: every step with its problems shown (the arrays with two rows each), the review,
 * the sent screen, and the printed summary's pages (docs/testing.md, "Pictures").
 */

test.beforeEach(async ({ page }) => {
  await atRest(page);
});

const stepShown = (page: Page, number: number) =>
  expect(page.getByText(`Etapa ${number} de 8`, { exact: true })).toBeAttached();

/** "Continuar" on a step left as it is: the step stays, its problems listed above the fields. */
async function problemsOf(page: Page, number: number) {
  await stepShown(page, number);
  await continueToNextStep(page);
  await expect(page.getByText(/^Corrija \d+ problemas? para continuar$/)).toBeVisible();
  await stepShown(page, number);
}

test('steps 1 to 4, each with its problems shown (step 2 in English too)', async ({ page }) => {
  await signInWithSandboxToken(page);
  await openApplication(page);
  await stepShown(page, 1);
  await pictures(page, 'wizard-1', { fullPage: true });
  await fillProductStep(page);
  await continueToNextStep(page);

  await problemsOf(page, 2);
  await pictures(page, 'wizard-2-problems', { fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText(/^Fix \d+ problems? to continue$/)).toBeVisible();
  await pictures(page, 'wizard-2-problems-en', { fullPage: true });
  await page.getByRole('button', { name: 'Português' }).click();
  await fillPersonalStep(page);
  await continueToNextStep(page);

  await problemsOf(page, 3);
  await pictures(page, 'wizard-3-problems', { fullPage: true });
  await fillDocumentStep(page);
  await continueToNextStep(page);

  await problemsOf(page, 4);
  await pictures(page, 'wizard-4-problems', { fullPage: true });
});

test('steps 5 to 7 with two rows each, 5 and 6 with their problems', async ({ page }) => {
  await signInWithSandboxToken(page);
  await openApplication(page);
  for (const fill of [fillProductStep, fillPersonalStep, fillDocumentStep, fillIncomeStep]) {
    await fill(page);
    await continueToNextStep(page);
  }

  await stepShown(page, 5);
  await page.getByRole('button', { name: 'Adicionar telefone' }).click();
  await problemsOf(page, 5);
  await pictures(page, 'wizard-5-problems', { fullPage: true });
  // The added row is the open one; the first opens from its header.
  await fillPhone(page, 1);
  await page.getByRole('button', { name: /^Telefone 1\b/ }).click();
  await fillPhone(page, 0);
  await continueToNextStep(page);

  await stepShown(page, 6);
  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  await problemsOf(page, 6);
  await pictures(page, 'wizard-6-problems', { fullPage: true });
  await fillAddress(page, 1);
  await page.getByRole('button', { name: /^Endereço 1\b/ }).click();
  await fillAddress(page, 0);
  await continueToNextStep(page);

  await stepShown(page, 7);
  const addCard = page.getByRole('button', { name: 'Adicionar cartão adicional' });
  await addCard.click();
  await addCard.click();
  await expect(page.getByRole('button', { name: 'Remover cartão adicional 2' })).toBeVisible();
  await pictures(page, 'wizard-7', { fullPage: true });
});

test('the review (step 8) and the sent screen', async ({ page }) => {
  await signInWithSandboxToken(page);
  await fillCreditApplication(page, { phones: 2, addresses: 2 });
  await stepShown(page, 8);
  await expect(page.getByRole('button', { name: 'Enviar proposta' })).toBeVisible();
  await pictures(page, 'wizard-8-review', { fullPage: true });

  await page.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proposta enviada' })).toBeVisible({
    timeout: 30_000,
  });
  await pictures(page, 'wizard-sent');
});

test('the printed summary, page by page (PDF to PNG with pdftoppm)', async ({ page }) => {
  await signInWithSandboxToken(page);
  await fillCreditApplication(page, { phones: 2, addresses: 2 });
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset.printed = 'yes';
    };
  });
  await page.getByRole('button', { name: 'Imprimir resumo' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('application-print')).toBeVisible();
  const directory = mkdtempSync(path.join(tmpdir(), 'visual-print-'));
  const pdf = path.join(directory, 'summary.pdf');
  writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true }));
  // 60 dpi: an A4 page at 496 x 702 px, enough to see the layout and every line of text.
  execFileSync('pdftoppm', ['-png', '-r', '60', pdf, path.join(directory, 'page')]);
  const pages = readdirSync(directory)
    .filter((file) => file.endsWith('.png'))
    .sort();
  expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const [index, file] of pages.entries())
    expect
      .soft(readFileSync(path.join(directory, file)), `printed page ${index + 1}`)
      .toMatchSnapshot(`print-summary-page-${index + 1}.png`, { maxDiffPixels: 0, threshold: 0 });
});
