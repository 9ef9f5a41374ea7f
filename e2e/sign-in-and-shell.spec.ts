import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { signInWithSandboxToken } from './support/sandbox-sign-in';

/**
 * The shell in a real browser: a token typed and sent with Enter (in the keyboard-only test), a reload that
 * forgets it, Back after sign-out, a screen's file that fails to load, the browser going offline, and the
 * whole shell by keyboard alone. Sign-in with one click and the products are every spec's first steps
 * (support/sandbox-sign-in.ts); the product names that look like HTML, shown as text and never run, are
 * e2e/journeys.spec.ts's "sign-in and products" (Chromium and Firefox); the sign-in and products screens'
 * pictures and axe passes are e2e/visual/screens.visual.ts's. The drawer, the 404, the languages, the
 * re-authentication, the titles and every error of the products screen are the page tests'
 * (app-shell.test.tsx, products-page.test.tsx, token-form.test.tsx).
 */

test.describe('sign-in and the shell', () => {
  test('a reload asks for the token again', async ({ page }) => {
    await signInWithSandboxToken(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/entrar$/);
    await expect(page.getByLabel('Token de acesso')).toBeVisible();
  });

  test('sign-out returns to sign-in and Back shows no data', { tag: '@firefox' }, async ({ page }) => {
    await signInWithSandboxToken(page);
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.getByRole('link', { name: 'Contas' }).click();
    // Shown before the next click: a click while the screen still loads cancels that navigation, and
    // "Back" would then leave the app for the tab's blank first page.
    await expect(page.getByRole('heading', { level: 1, name: 'Contas' })).toBeVisible();
    await nav.getByRole('link', { name: 'Produtos' }).click();
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/entrar$/);
    await page.goBack();
    await expect(page.getByLabel('Token de acesso')).toBeVisible();
    await expect(page.getByText('Cartão Gold Internacional')).toHaveCount(0);
  });

  test('a screen whose file fails to load shows its error inside a working shell', async ({ page }) => {
    await page.route('**/assets/cards-page-*.js', (route) => route.abort('connectionreset'));
    await signInWithSandboxToken(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Cartões' }).click();
    await expect(page.getByRole('alert')).toContainText('Não foi possível carregar esta tela');
    await expectNoAxeViolations(page, 'route error');
    await page.getByRole('navigation').getByRole('link', { name: 'Produtos' }).click();
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  });

  test('offline: a banner says so, back online it goes away', async ({ page, context }) => {
    await signInWithSandboxToken(page);
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByText(/Sem conexão com a internet/)).toBeVisible();
    await expectNoAxeViolations(page, 'offline');
    await context.setOffline(false);
    await expect(page.getByText(/Sem conexão com a internet/)).toBeHidden();
  });

  test('keyboard only: skip link, drawer and sign-out', async ({ page }) => {
    await page.goto('/entrar');
    await expect(page.getByLabel('Token de acesso')).toBeFocused();
    await page.keyboard.type('sandbox-operator');
    await page.keyboard.press('Enter');
    // The route change puts focus on the new page's heading (e2e/layout.spec.ts checks more of it).
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeFocused();
    // Backwards from there, through the drawer (its five links) and the app bar ("Sair", the theme and
    // the language switches), the skip link comes first in the page: nine presses.
    const skipLink = page.getByRole('link', { name: 'Pular para o conteúdo' });
    for (let presses = 0; presses < 9; presses += 1) await page.keyboard.press('Shift+Tab');
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    const signOut = page.getByRole('button', { name: 'Sair' });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/entrar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeFocused();
  });
});
