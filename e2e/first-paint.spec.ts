import { expect, test } from './fixtures';

/**
 * The first paint's request plan (issue 14, docs/decisions/004-bundle-budget.md): config.json is
 * preloaded by index.html and the app's own fetch must reuse that response, and the sign-in screen is
 * part of the entry, not a lazy chunk asked for after the entry has run.
 */
test.describe('first paint', () => {
  test('config.json is fetched once and sign-in comes with the entry', async ({ page }) => {
    const configRequests: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/config.json') configRequests.push(request.resourceType());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.locator('link[rel="preload"][href="/config.json"]')).toHaveAttribute('as', 'fetch');
    expect(configRequests).toHaveLength(1);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes('sign-in'))).toEqual([]);
  });
});
