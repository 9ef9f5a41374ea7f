import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { expectNoSidewaysScroll } from './support/layout-checks';
import { continueToNextStep, fillProductStep, openApplication } from './wizard-helpers';

/**
 * An operator's first day (issue 29, items 2, 5 and 6), typed as an operator types: a click into the
 * field, then the keys; Enter to open a confirmation; "Sair" with work on screen.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const cancelSection = (page: Page) => page.getByRole('region', { name: 'Cancelar cartão' });
const virtualSection = (page: Page) => page.getByRole('region', { name: 'Solicitar cartão virtual' });
const cardCode = (page: Page) => page.getByRole('textbox', { name: 'Código do cartão' });

async function openCards(page: Page) {
  await signInWithSandboxToken(page);
  await nav(page).getByRole('link', { name: 'Cartões' }).click();
}

/** Types the card code into the (clicked) field and confirms the cancel by typing it again. */
async function cancelCard(page: Page, code: string) {
  await cardCode(page).click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancelar o cartão ${code}?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test.describe('cards, first day', () => {
  test('a cancelled card leaves the field, and an old answer leaves the screen when the code is edited', async ({
    page,
  }) => {
    await openCards(page);
    await cancelCard(page, '5001');
    await expect(cancelSection(page).getByRole('status')).toContainText('Cartão 5001 cancelado');
    // One click from cancelling it again would be an error the operator caused: the field is empty.
    await expect(cardCode(page)).toHaveValue('');

    await cancelCard(page, '5001');
    const refusal = cancelSection(page).getByRole('alert');
    await expect(refusal).toContainText('Cartão 5001 já está cancelado');
    // The green answer of the first cancel is not left beside the red one.
    await expect(cancelSection(page).getByText('Cartão 5001 cancelado')).toHaveCount(0);

    // A typo at the end of the code: the refusal was about 5001, not about what the field holds now.
    await cardCode(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await expect(cancelSection(page).getByText('Cartão 5001 já está cancelado')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(cancelSection(page)).toContainText('Informe um número inteiro positivo');
    await expect(cancelSection(page).getByText('já está cancelado')).toHaveCount(0);
    await expectNoAxeViolations(page, 'cancel, field error after a refusal');
  });

  test('a new virtual card shows its code, and that code cancels it from the same screen', async ({
    page,
  }) => {
    await openCards(page);
    const picker = page.getByRole('combobox', { name: 'Conta' });
    await picker.click();
    await page.keyboard.type('Padaria');
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
    await page
      .getByRole('dialog', { name: 'Solicitar cartão virtual?' })
      .getByRole('button', { name: 'Solicitar' })
      .click();
    const answer = virtualSection(page).getByRole('status');
    await expect(answer).toContainText(/Código do novo cartão: \d+/);
    await expect(answer.getByRole('button', { name: /^Copiar/ })).toBeVisible();
    await expectNoAxeViolations(page, 'virtual card with its new code');
    const newCode = /Código do novo cartão: (\d+)/.exec((await answer.textContent()) ?? '')?.[1] ?? 'missing';

    await cancelCard(page, newCode);
    await expect(cancelSection(page).getByRole('status')).toContainText(`Cartão ${newCode} cancelado`);
  });
});

test.describe('accounts, first day', () => {
  test('at 390 px every row has its action on screen, and an account without one says why', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithSandboxToken(page);
    await page.getByRole('button', { name: 'Abrir navegação' }).click();
    await nav(page).getByRole('link', { name: 'Contas' }).click();
    const table = page.getByRole('table', { name: 'Contas da instituição' });
    await expect(table.getByRole('rowheader').first()).toBeVisible({ timeout: 30_000 });
    const action = table.getByRole('button', { name: /^Solicitar cartão virtual para/ }).first();
    const box = await action.boundingBox();
    expect(box, 'the first row action is laid out').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);

    // The tenth seeded account's number has a dash (docs/sandbox.md): no virtual card, and the row says why.
    const reason = table.getByRole('button', { name: /^Sem cartão virtual:/ }).first();
    await reason.click();
    await expect(
      page.getByText(/^Não pode receber cartão virtual: o número da conta \(.+\) não é um número inteiro/),
    ).toBeVisible();
    await shot(page, 'accounts-390-no-card-reason');
    await expectNoAxeViolations(page, 'accounts at 390 px, reason shown');
  });
});

test.describe('"Sair" with work on screen', () => {
  test('asks first, names what would be lost, keeps the operator by default and offers the journal export', async ({
    page,
  }) => {
    await openCards(page);
    await cancelCard(page, '5003');
    await expect(cancelSection(page).getByRole('status')).toContainText('Cartão 5003 cancelado');
    // A half-typed application too.
    await openApplication(page);
    await fillProductStep(page);
    await continueToNextStep(page);
    await page.getByRole('textbox', { name: /Nome completo/ }).click();
    await page.keyboard.type('Maria da Silva');

    await page.getByRole('button', { name: 'Sair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sair e apagar o trabalho desta aba?' });
    await expect(dialog).toContainText('uma proposta de crédito que ainda não foi enviada');
    await expect(dialog).toContainText('1 operação de cartão no diário desta aba');
    await expect(dialog.getByRole('button', { name: 'Continuar aqui' })).toBeFocused();
    await expectNoAxeViolations(page, 'sign-out question');
    // Enter on the default keeps everything.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: /Nome completo/ })).toHaveValue('Maria da Silva');

    await page.getByRole('button', { name: 'Sair' }).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exportar o diário' }).click();
    const csv = (await (await download).createReadStream()).toArray();
    expect(Buffer.concat(await csv).toString('utf8')).toContain(';Cancelamento;5003;');
    await expect(dialog).not.toContainText('operação de cartão no diário');
    await dialog.getByRole('button', { name: 'Sair e apagar' }).click();
    await expect(page).toHaveURL(/\/entrar$/);
  });
});
