import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { signInWithSandboxToken } from './support/sandbox-sign-in';

test.describe('sign-in and products', () => {
  test('signs in with one click and shows the products, HTML-like names as text', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/entrar$/);
    await expect(page).toHaveTitle('Entrar · Cartões Back-office');
    await expectNoAxeViolations(page, 'sign-in');
    await page.getByRole('button', { name: /Operador/ }).click();

    await expect(page).toHaveURL(/\/produtos$/);
    const table = page.getByRole('table', { name: 'Produtos de crédito' });
    await expect(table.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await expect(page).toHaveTitle('Produtos de crédito · Cartões Back-office');
    await expect(page.getByText('SANDBOX: dados fictícios')).toBeVisible();

    // The HTML-like product name is shown literally and never executed.
    await expect(table.getByText('<img src=x onerror=window.__x=1> Cartão Teste')).toBeVisible();
    await expect(table.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => window.__x)).toBeUndefined();
    await expectNoAxeViolations(page, 'products');
  });

  test('signs in by typing a token with the keyboard', async ({ page }) => {
    await page.goto('/entrar');
    await page.getByLabel('Token de acesso').fill('sandbox-analyst');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
  });

  test('the token field is masked, yet no password field that the browser would offer to save', async ({
    page,
  }) => {
    await page.goto('/entrar');
    const field = page.getByLabel('Token de acesso');
    await field.fill('sandbox-analyst');
    // Chromium offers to save a credential only from a form with a password field: there is none.
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expect(field).toHaveAttribute('type', 'text');
    await expect(field).toHaveAttribute('autocomplete', 'off');
    const mask = () =>
      field.evaluate((input) => getComputedStyle(input).getPropertyValue('-webkit-text-security'));
    expect(await mask()).toBe('disc');
    await page.getByRole('button', { name: 'Mostrar token' }).click();
    expect(await mask()).toBe('none');
    await page.getByRole('button', { name: 'Ocultar token' }).click();
    expect(await mask()).toBe('disc');
  });

  test('a reload asks for the token again', async ({ page }) => {
    await signInWithSandboxToken(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/entrar$/);
    await expect(page.getByLabel('Token de acesso')).toBeVisible();
  });

  test('filters the products', async ({ page }) => {
    await signInWithSandboxToken(page);
    await page.getByRole('searchbox', { name: 'Filtrar produtos' }).fill('universitario');
    await expect(page.getByRole('rowheader')).toHaveCount(1);
    await expect(page.getByRole('rowheader')).toHaveText('Cartão Universitário');
    await page.getByRole('searchbox', { name: 'Filtrar produtos' }).fill('zzz');
    await expect(page.getByText('Nenhum produto corresponde a “zzz”.')).toBeVisible();
    await expectNoAxeViolations(page, 'products, no match');
  });

  test('a persistent 500 shows the message and a retry that recovers', async ({ page, sandbox }) => {
    await sandbox.fault({ endpoint: 'products', kind: '500', times: 3 });
    await signInWithSandboxToken(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Não foi possível carregar os produtos');
    await expect(alert).toContainText('Tente novamente mais tarde');
    await expectNoAxeViolations(page, 'products, 500');
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  });

  test('an HTML 502 page is explained, never rendered', async ({ page, sandbox }) => {
    await sandbox.fault({ endpoint: 'products', kind: '502', times: 3 });
    await signInWithSandboxToken(page);
    await expect(page.getByRole('alert')).toContainText('O provedor não respondeu.');
    await expect(page.getByText('Bad Gateway')).toHaveCount(0);
  });

  test('a 401 opens one re-authentication dialog in place, then the page reloads its data', async ({
    page,
  }) => {
    await page.goto('/entrar');
    await page.getByRole('button', { name: /Token expirado/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessão expirada' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page).toHaveURL(/\/produtos$/);
    await expectNoAxeViolations(page, 're-authentication dialog');
    await dialog.getByLabel('Token de acesso').fill('sandbox-operator');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
  });

  test('sign-out returns to sign-in and Back shows no data', async ({ page }) => {
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

  test('English and dark theme are one click away', async ({ page }) => {
    await signInWithSandboxToken(page);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Credit products' })).toBeVisible();
    await expect(page).toHaveTitle('Credit products · Cards Back office');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Use dark theme' }).click();
    await expect(page.getByRole('button', { name: 'Use light theme' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await expectNoAxeViolations(page, 'products, English, dark');
  });

  test('every screen of the drawer opens, unknown paths show a 404, all within the shell', async ({
    page,
  }) => {
    test.setTimeout(60_000); // six axe passes: over 30 s on a loaded machine
    await signInWithSandboxToken(page);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    for (const name of ['Nova proposta', 'Análises por CPF', 'Cartões', 'Contas', 'Produtos']) {
      await nav.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page, `screen ${name}`);
    }
    await page.goto('/entrar');
    await page.getByRole('button', { name: /Operador/ }).click();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nao-existe');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    await expectNoAxeViolations(page, '404');
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
