import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The first paint's request plan (docs/decisions/004-bundle-budget.md, 021): the configuration comes
 * stamped in the page, so config.json is not asked for (a plain static host's page preloads it:
 * e2e/config-and-headers.spec.ts); sign-in is part of the entry, not a lazy
 * chunk; a cold start at any address behind sign-in downloads nothing behind sign-in before it; and the
 * shell's prefetch starts after the largest paint, not before. Orders of events only, never timings.
 */

/** Start times of the `largest-contentful-paint` entries and of every script request, in page time. */
async function paintAndScripts(page: Page) {
  return page.evaluate(async () => {
    // Buffered entries come in a callback of their own; none within 5 s means none (the check says so).
    const lcp = await new Promise<number[]>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.startTime))).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      setTimeout(() => resolve([]), 5000);
    });
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }));
    return { lcp, scripts };
  });
}

test.describe('first paint', () => {
  test('the configuration comes in the page (config.json is not asked for) and sign-in comes with the entry', async ({
    page,
  }) => {
    const configRequests: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/config.json') configRequests.push(request.resourceType());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.locator('script#runtime-config[type="application/json"]')).toHaveCount(1);
    expect(configRequests).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes('sign-in'))).toEqual([]);
  });

  test('the shell is fetched after sign-in has painted its largest element, not before', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    // The prefetch comes once the page is idle: wait for its request, then compare the orders.
    await expect
      .poll(async () =>
        (await paintAndScripts(page)).scripts.some(({ path }) => path.includes('/app-shell-')),
      )
      .toBe(true);
    const { lcp, scripts } = await paintAndScripts(page);
    const firstPaint = Math.min(...lcp);
    const shell = scripts.find(({ path }) => path.includes('/app-shell-'));
    expect(lcp.length).toBeGreaterThan(0);
    expect(shell?.startTime).toBeGreaterThan(firstPaint);
  });

  test('a cold start behind sign-in shows sign-in without downloading the screen, then returns to it', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto('/contas');
    await expect(page).toHaveURL(/\/entrar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(scripts.filter((path) => path.includes('/accounts-page-'))).toEqual([]);

    // The address asked for is remembered: signing in lands there.
    await page.getByRole('button', { name: /Operador/ }).click();
    await expect(page).toHaveURL(/\/contas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contas' })).toBeVisible();
  });
});
