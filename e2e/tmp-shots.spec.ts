import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import {
  continueToNextStep,
  field,
  fillAddress,
  fillDocumentStep,
  fillIncomeStep,
  fillPersonalStep,
  fillPhone,
  fillProductStep,
} from './wizard-helpers';

const DIR = '/tmp/wz/shots';

for (const viewport of [
  { label: '1280x800', width: 1280, height: 800, dark: false },
  { label: '390x844', width: 390, height: 844, dark: false },
  { label: '1280x800-dark', width: 1280, height: 800, dark: true },
  { label: '390x844-dark', width: 390, height: 844, dark: true },
]) {
  test(`shots ${viewport.label}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shot = async (name: string) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${DIR}/${viewport.label}-${name}.png`, fullPage: true });
      await expectNoAxeViolations(page, `${viewport.label} ${name}`);
    };
    const nav = async (link: string) => {
      const menu = page.getByRole('button', { name: 'Abrir navegação' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: link }).click();
    };
    if (viewport.dark) await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/entrar');
    await page.getByRole('button', { name: /Operador/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    // A lost draft: opened at step 4 by address.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/proposta/nova/renda-e-conta');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('O rascunho desta proposta se perdeu')).toBeVisible();
    await expect(field(page, 'codigodoproduto')).toContainText('Cartão Gold');
    await shot('1-draft-lost');
    await fillProductStep(page);
    await continueToNextStep(page);
    await fillPersonalStep(page, { nome: 'José da Silva Santos' });
    await field(page, 'portador.nomeimpresso').focus();
    await shot('2-printed-suggested');
    await field(page, 'portador.nomeimpresso').press('End');
    await field(page, 'portador.nomeimpresso').pressSequentially(' JOSE S');
    await continueToNextStep(page);
    await shot('2-printed-words-error');
    await field(page, 'portador.nomeimpresso').fill('JOSE S SANTOS');
    await continueToNextStep(page);
    await fillDocumentStep(page);
    await continueToNextStep(page);
    await fillIncomeStep(page);
    await continueToNextStep(page);
    await fillPhone(page, 0);
    await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await fillPhone(page, 1);
    await shot('5-phones');
    await continueToNextStep(page);
    await fillAddress(page, 0);
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    await fillAddress(page, 1);
    await shot('6-addresses');
    await page.getByText('Atalhos do teclado').click();
    await shot('6-addresses-shortcuts-open');
    await continueToNextStep(page);
    await page.getByRole('button', { name: 'Adicionar cartão adicional' }).click();
    await shot('7-cards');
    await continueToNextStep(page);
    await expect(page.getByText('Nenhuma análise anterior para este CPF.')).toBeVisible();
    await page.getByText('Detalhes técnicos: o pedido como será enviado').click();
    await shot('8-review');
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    await page.getByText('Detalhes técnicos: a resposta do provedor').click();
    await shot('9-sent');
    await nav('Produtos');
  });
}

export type { Page };
