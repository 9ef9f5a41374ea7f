import { expect, test } from '../fixtures';
import { expectTheStillShell, holdTheAppsScripts, operableControls } from '../support/held-scripts';
import { NGINX_URL, withSecondNginx } from './nginx-helpers';

/**
 * The first screen as deployed (e2e/first-screen.spec.ts on the preview server): every path is index.html,
 * whose still shell offers nothing to operate until the app's scripts run, and config.json beside it says
 * which sign-in the app then renders.
 */

test('token sign-in: the still shell at any path, then the token field', async ({ page, request }) => {
  for (const pathname of ['/', '/contas', '/entrar/retorno', '/nada']) {
    const html = await (await request.get(`${NGINX_URL}${pathname}`)).text();
    expect(html, pathname).toContain('<header class="shell-bar">');
  }
  const scripts = await holdTheAppsScripts(page);
  await page.goto('/contas', { waitUntil: 'commit' });
  await expectTheStillShell(page);
  scripts.release();
  await expect(page.getByLabel('Token de acesso')).toBeFocused();
});

test('OpenID Connect: the still shell, then the identity provider’s button, never a token field', async ({
  page,
  request,
}) => {
  const oidc = {
    type: 'oidc',
    authority: 'https://idp.bank.example',
    clientId: 'cartoes-backoffice',
    scope: 'openid',
  };
  await withSecondNginx(
    request,
    {
      config: { auth: oidc },
      args: ['--sandbox', process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4400'],
    },
    async (url) => {
      const scripts = await holdTheAppsScripts(page, url);
      await page.goto(`${url}/entrar`, { waitUntil: 'commit' });
      await expectTheStillShell(page);
      scripts.release();
      await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
      await expect(operableControls(page).first()).toHaveAccessibleName('Entrar');
      await expect(page.getByLabel('Token de acesso')).toHaveCount(0);
    },
  );
});
