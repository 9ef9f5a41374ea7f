import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { expectNoSidewaysScroll } from './support/layout-checks';

/**
 * The single lookup in a real browser: typed key by key at machine speed into the mask, Enter, the
 * clipboard, the CPF kept out of the address, history, title, storage and cookies; a long status label at
 * 390 px. What the screen says for each answer shape, paging reading and failure is proven by
 * analysis-status-page.test.tsx on the same sandbox handlers.
 */
const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/**
 * Registers a CPF, raw and masked, with the runtime guard's sweep. The one place it may appear is the
 * lookup's own request path, where the interface puts it (GET {base_url}/v1/cards/request/{document}/).
 */
function watchCpf(
  privacy: { watch: (value: string) => void; allowStatusLookups: () => void },
  ...cpfs: string[]
) {
  privacy.allowStatusLookups();
  for (const cpf of cpfs) {
    privacy.watch(cpf);
    privacy.watch(formatted(cpf));
  }
}

/** After a step: the CPF is nowhere in the address, history state, title or Web Storage. */
async function expectCpfOnlyInMemory(page: Page, ...cpfs: string[]) {
  const places = await page.evaluate(() => ({
    url: window.location.href,
    history: JSON.stringify(window.history.state),
    title: document.title,
    storage: [window.localStorage, window.sessionStorage]
      .map((storage) => Object.entries(storage).join(';'))
      .join('|'),
    cookies: document.cookie,
  }));
  for (const cpf of cpfs) {
    for (const [place, text] of Object.entries(places)) {
      expect(text, `CPF in ${place}`).not.toContain(cpf);
      expect(text, `masked CPF in ${place}`).not.toContain(formatted(cpf));
    }
  }
}

/** Types the CPF key by key into the field, as an analyst does, and presses Enter. */
async function typeByHand(page: Page, cpf: string) {
  const field = page.getByRole('textbox', { name: 'CPF' });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(cpf);
  await expect(field).toHaveValue(formatted(cpf));
  await field.press('Enter');
}

/** No sideways scroll of the page, and no chip whose words are cut. */
async function expectNothingCut(page: Page) {
  await expectNoSidewaysScroll(page);
  const cut = await page
    .locator('.MuiChip-label')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
  expect(cut).toEqual([]);
}

async function openScreen(page: Page) {
  await signInWithSandboxToken(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Análises por CPF' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeVisible();
}

/** Keystrokes at machine speed: the mask must lose none (src/hooks/use-digit-mask.ts). */
const TYPING = { delay: 0 };

test.describe('analysis status by CPF', () => {
  test('looks a CPF up by keyboard alone, copies a code, keeps the CPF out of the address', async ({
    page,
    context,
    privacy,
  }) => {
    watchCpf(privacy, '52998224725');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openScreen(page);
    await expectNoAxeViolations(page, 'analysis status, empty');
    await shot(page, 'empty-light');

    // From the heading, Tab passes the screen's two tabs ("Um CPF", "Em lote") and reaches the CPF field.
    await page.getByRole('heading', { level: 1 }).focus();
    const field = page.getByRole('textbox', { name: 'CPF' });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Um CPF' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Em lote' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.type('52998224725', TYPING);
    await expect(field).toHaveValue('529.982.247-25');
    await page.keyboard.press('Enter');

    const table = page.getByRole('table', { name: 'Propostas do CPF consultado' });
    await expect(table.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();
    await expect(table.getByText('Aprovada')).toBeVisible();
    await expect(page.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}/)).toBeVisible();
    await expectCpfOnlyInMemory(page, '52998224725');
    await expect(page).toHaveURL(/\/analises$/);
    await shot(page, 'found-light');

    // The copy button, by keyboard.
    const copy = table.getByRole('button', { name: 'Copiar o código PRP-2026-000123' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(table.getByText('Copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PRP-2026-000123');
    await expectNoAxeViolations(page, 'analysis status, copied');
  });

  test('at 390 px a long status label wraps, never cut, and the page does not scroll sideways', async ({
    page,
    privacy,
  }) => {
    watchCpf(privacy, '12345678909');
    await openScreen(page);
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await typeByHand(page, '12345678909');
    await expect(page.getByText('Pendente de documentação')).toBeVisible();
    await expectNothingCut(page);
    await shot(page, 'long-status-390-dark');
    await expectNoAxeViolations(page, 'analysis status, 390, dark');
  });
});
