import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { openFromNavigation, openNavigation } from './support/navigation';
import { settle } from './support/settle';
import {
  continueToNextStep,
  fillAddressesStep,
  fillDocumentStep,
  fillIncomeStep,
  fillPersonalStep,
  fillPhonesStep,
  fillProductStep,
} from './wizard-helpers';

/**
 * Every screen at the WCAG 1.4.10 reflow widths: no sideways scroll of the page, sign-out reachable, and a
 * screenshot of each state for a reviewer to look at (with
 * E2E_SHOTS_DIR set: <dir>/layout-<viewport>-<state>.png, e2e/support/screenshots.ts). Axe runs where each
 * state is pictured, in both themes (e2e/visual/pictures.ts); here only on the open drawer, which is not.
 *
 * 640 px at 200 %: a 1280 × 800 screen zoomed to 200 % lays pages out in a 640 × 400 CSS viewport with
 * two device pixels per CSS pixel. A 640 × 400 viewport with deviceScaleFactor 2 is exactly that layout
 * (media queries, rem sizes and scrollWidth all see 640 CSS px), whereas CSS `zoom` on the root would
 * leave `innerWidth` and the media queries at 1280 and test a different thing.
 *
 * The widths operators use, 1280 and 390 px, are where every one of these states is pictured (project
 * `visual`, e2e/visual/pictures.ts): each picture is checked for sideways scroll there, and a sign-out
 * that moved off screen changes the picture.
 */
const viewports = [
  { label: '320x640', width: 320, height: 640, deviceScaleFactor: 1 },
  { label: '640x400@200%', width: 640, height: 400, deviceScaleFactor: 2 },
] as const;

const name = (path: string) => `[name="${path}"]`;

/** The layout rules every state must keep, then its picture. */
async function checkLayout(page: Page, viewport: string, state: string, shell = true) {
  // Measured at rest: fonts loaded, the drawer and the fades at their end.
  await settle(page);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${state} at ${viewport}: no sideways scroll`).toBeLessThanOrEqual(widths.inner);
  if (shell) {
    const signOut = page.getByRole('button', { name: 'Sair' });
    await expect(signOut, `${state} at ${viewport}: sign-out visible`).toBeVisible();
    await expect(signOut, `${state} at ${viewport}: sign-out on screen`).toBeInViewport({ ratio: 1 });
  }
  await shot(page, `layout-${viewport}-${state}`);
}

async function expectStep(page: Page, number: number) {
  await expect(page.getByText(`Etapa ${number} de 8`, { exact: true })).toBeAttached();
}

/** From a fresh page: sign-in, products, the open drawer, status with results, cards, accounts, a 404. */
async function everyScreen(page: Page, viewport: string) {
  await page.goto('/entrar');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await checkLayout(page, viewport, 'sign-in', false);

  await page.getByRole('button', { name: /Operador/ }).click();
  await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  await checkLayout(page, viewport, 'products');

  // Both widths are below md, where the navigation is a drawer behind the menu button.
  const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
  await openNavigation(page);
  await expect(navigation).toBeVisible();
  // The drawer is modal: what lies under it, sign-out included, is inert until it closes.
  await checkLayout(page, viewport, 'navigation-open', false);
  await expectNoAxeViolations(page, `navigation open at ${viewport}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Abrir navegação' })).toBeFocused();

  await openFromNavigation(page, 'Análises por CPF');
  const field = page.getByRole('textbox', { name: 'CPF' });
  await field.fill('52998224725');
  await field.press('Enter');
  await expect(page.getByRole('table', { name: 'Propostas do CPF consultado' })).toBeVisible();
  await checkLayout(page, viewport, 'status-results');

  await openFromNavigation(page, 'Cartões');
  await expect(page.getByRole('heading', { level: 1, name: 'Cartões' })).toBeVisible();
  await checkLayout(page, viewport, 'cards');

  // A link in the drawer closes it, and focus goes to the new page's heading.
  await openFromNavigation(page, 'Contas');
  await expect(page.getByRole('heading', { level: 1, name: 'Contas' })).toBeFocused();
  await expect(navigation).toBeHidden();
  await expect(page.getByText('30 contas', { exact: true })).toBeVisible();
  await checkLayout(page, viewport, 'accounts');

  // An unknown path, reached in the app (a reload would forget the token, kept in memory only).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/nao-existe');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await checkLayout(page, viewport, 'not-found');
}

/** What each step needs typed (steps 7 and 8: nothing). */
const stepFills = [
  fillProductStep,
  fillPersonalStep,
  fillDocumentStep,
  fillIncomeStep,
  fillPhonesStep,
  fillAddressesStep,
];

/** From a signed-in screen: every step of the credit application, each checked once filled. */
async function everyWizardStep(page: Page, viewport: string) {
  await openFromNavigation(page, 'Nova proposta');
  await expectStep(page, 1);
  await expect(page.locator(name('codigodoproduto'))).toContainText('Cartão Gold');
  for (let step = 1; step <= 8; step++) {
    await expectStep(page, step);
    await stepFills[step - 1]?.(page);
    await checkLayout(page, viewport, `wizard-${step}`);
    if (step < 8) await continueToNextStep(page);
  }
}

for (const viewport of viewports) {
  test.describe(`layout at ${viewport.label}`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor,
    });

    // One sign-in for both: the screens, then the wizard (opened from the 404's drawer).
    test('every screen, the open drawer and every step of the credit application', async ({ page }) => {
      test.setTimeout(60_000);

      await test.step('sign-in, products, the open drawer, status with results, cards, accounts and 404', () =>
        everyScreen(page, viewport.label));

      await test.step('every step of the credit application', () => everyWizardStep(page, viewport.label));

      await expect(page.getByRole('button', { name: 'Enviar proposta' })).toBeVisible();
    });
  });
}
