import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { expectTheStillShell, holdTheAppsScripts, operableControls } from './support/held-scripts';
import { IDP_URL, OIDC_APP_URL } from './support/identity-provider';

/**
 * The first screen (docs/decisions/030-a-still-shell-and-data-with-the-code.md): index.html paints a still
 * shell from its CSS alone (the app bar with the product's name, the background, a loading state, in the
 * system's colour scheme) with nothing to operate, whatever the sign-in method; once the app's scripts
 * run, it renders the sign-in its configuration names. Held scripts stand for a slow link or computer.
 * The same on nginx: e2e/nginx/first-screen.nginx.ts.
 */

test('before the scripts run: the still shell, nothing to operate; then the token sign-in', async ({
  page,
}) => {
  const scripts = await holdTheAppsScripts(page);
  await page.goto('/contas', { waitUntil: 'commit' });
  await expectTheStillShell(page);
  await expect(page).toHaveTitle('Cartões Back-office');
  await expectNoAxeViolations(page, 'the still shell');

  scripts.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect(page.getByLabel('Token de acesso')).toBeFocused();
  await expect(page.getByRole('progressbar', { name: 'Carregando o aplicativo' })).toHaveCount(0);
  // The bar stays where the shell painted it.
  await expect(page.getByRole('banner')).toHaveText('Cartões · Back-office');
});

test('OpenID Connect: the same shell, then the identity provider’s button, never a token field', async ({
  page,
}) => {
  const scripts = await holdTheAppsScripts(page, OIDC_APP_URL);
  await page.goto(`${OIDC_APP_URL}/entrar`, { waitUntil: 'commit' });
  await expectTheStillShell(page);

  scripts.release();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expect(page.getByLabel('Token de acesso')).toHaveCount(0);
  // The first control on the page is the identity provider's button.
  await expect(operableControls(page).first()).toHaveAccessibleName('Entrar');
});

test('OpenID Connect: a cold start at a signed-in screen goes from the shell straight to the identity provider', async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url().split('?')[0] ?? '');
  });
  const scripts = await holdTheAppsScripts(page, OIDC_APP_URL);
  await page.goto(`${OIDC_APP_URL}/produtos`, { waitUntil: 'commit' });
  await expectTheStillShell(page);
  scripts.release();
  await page.waitForURL(`${IDP_URL}/**`);
  await expect(page.locator('input[name="login"]')).toBeVisible();
  expect(addresses.filter((address) => address.startsWith(OIDC_APP_URL))).toEqual([
    `${OIDC_APP_URL}/produtos`,
  ]);
});

test('dark: the shell in the system’s colour scheme, from CSS alone', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await holdTheAppsScripts(page);
  await page.goto('/entrar', { waitUntil: 'commit' });
  await expectTheStillShell(page);
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(16, 20, 26)');
  await expect(page.getByRole('banner')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expectNoAxeViolations(page, 'the still shell, dark');
});
