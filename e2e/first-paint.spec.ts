import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The first paint's request plan (docs/decisions/004-bundle-budget.md, 030): config.json is asked for
 * once, by index.html's preload, which the app's own request takes; sign-in is part of the entry, not a
 * lazy chunk; a cold start at any address behind sign-in downloads nothing behind sign-in before it; the
 * shell's prefetch starts after the largest paint, not before; and a screen's data is asked for while
 * its code is still on its way (its route's loader). Orders of events only, never timings.
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
  test('config.json is asked for once, as the page preloads it, and sign-in comes with the entry', async ({
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
    // One request: the preload's, which the app's fetch takes.
    expect(configRequests).toHaveLength(1);
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

  for (const { screen, path, chunk, data, heading } of [
    {
      screen: 'products',
      path: '/produtos',
      chunk: /\/assets\/products-page-[\w-]+\.js$/,
      data: /\/v1\/products\/$/,
      heading: 'Produtos de crédito',
    },
    {
      screen: 'accounts',
      path: '/contas',
      chunk: /\/assets\/accounts-page-[\w-]+\.js$/,
      data: /\/v1\/account\/get-all-accounts\//,
      heading: 'Contas',
    },
  ])
    test(`${screen}: the data is asked for while the screen's code is still on its way`, async ({ page }) => {
      let releaseChunk = () => {};
      const chunkHeld = new Promise<void>((resolve) => {
        releaseChunk = resolve;
      });
      const chunkAsked = page.waitForRequest(chunk);
      await page.route(chunk, async (route) => {
        await chunkHeld;
        await route.continue();
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
      const dataAsked = page.waitForRequest(data);
      await page.getByRole('button', { name: /Operador/ }).click();
      await chunkAsked;
      // The chunk is held: the request can only have come from the route's loader.
      await dataAsked;
      releaseChunk();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
});
