import { expect, test } from './fixtures';
import { patchConfig } from './support/patch-config';
import { SANDBOX_URL } from './support/sandbox-stores';

test.describe('runtime config and security headers', () => {
  test('a bad config names the offending key on a full-page error', async ({ page }) => {
    await patchConfig(page, { baseUrl: 'ftp://nope' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Configuração inválida' })).toBeVisible();
    await expect(page.getByText('Chave com problema: baseUrl')).toBeVisible();
  });

  test('config.json is asked for once (its preload is the app’s request), and a missing one says so', async ({
    page,
  }) => {
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
    });
    await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Configuração inválida' })).toBeVisible();
    await expect(page.getByText(/answered HTTP 404/)).toBeVisible();
    expect(configRequests).toHaveLength(1);
  });

  test('provider mode shows no sandbox banner and no sandbox tokens', async ({ page }) => {
    await patchConfig(page, { mode: 'provider', environmentName: 'Homologação' });
    await page.goto('/entrar');
    await expect(page.getByLabel('Token de acesso')).toBeVisible();
    await expect(page.getByRole('button', { name: /Operador/ })).toHaveCount(0);
    await page.getByLabel('Token de acesso').fill('sandbox-operator');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await expect(page.getByText('Ambiente: Homologação')).toBeVisible();
    await expect(page.getByText(/SANDBOX/)).toHaveCount(0);
  });

  test('the production build is served with a strict CSP and security headers', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    // The one script source is the app's own files: no inline script, no hash.
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${SANDBOX_URL}`);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  test('an inline script injected at run time is blocked by the CSP', async ({ page, runtime }) => {
    runtime.allowConsoleError(/Content Security Policy/);
    await page.goto('/entrar');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__x = 1';
      document.body.append(script);
    });
    expect(await page.evaluate(() => window.__x)).toBeUndefined();
    const violations = await page.evaluate(() => window.__cspViolations?.splice(0) ?? []);
    expect(violations).toHaveLength(1);
  });

  test('the provider answers with no-store and nosniff', async ({ request, sandbox }) => {
    const response = await request.get(`${sandbox.base}/api/v1/products/`, {
      headers: { Authorization: 'Bearer sandbox-operator' },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });
});
