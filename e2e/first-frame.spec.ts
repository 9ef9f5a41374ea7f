import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { OIDC_APP_URL, IDP_URL } from './support/identity-provider';

/**
 * The first frame comes from the HTML (docs/decisions/021-first-frame-from-the-html.md): the server sends
 * each path the prerendered frame of its sign-in mode, with the configuration stamped in. With the app's
 * scripts served empty, the page shows exactly what the HTML paints before any of them has run; with them,
 * the app's first render takes that frame over with no blank frame and no shift.
 */

declare global {
  interface Window {
    /** Per animation frame from the first one that had it: where the heading was (null: not on screen). */
    __headingFrames?: Array<{ top: number; left: number } | null>;
  }
}

/** Records, before each frame is drawn, where the page's h1 is, once it has been there once. */
async function watchHeadingFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: NonNullable<Window['__headingFrames']> = [];
    window.__headingFrames = frames;
    const sample = () => {
      const heading = document.querySelector('h1');
      const rect = heading?.getBoundingClientRect();
      if (rect && rect.width > 0) frames.push({ top: rect.top, left: rect.left });
      else if (frames.length > 0) frames.push(null);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

async function throttleCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * What the HTML paints before any of the app's script has run: the app's scripts are served empty, so
 * nothing of the app runs, while the page itself can still be inspected (axe runs in the page).
 */
async function withoutTheAppsScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: '' }),
  );
}

test.describe('the first frame before any script: what the HTML paints', () => {
  test.beforeEach(async ({ page }) => {
    await withoutTheAppsScripts(page);
  });

  test('sign-in: the mode’s whole sign-in page, labelled, with the configuration stamped in', async ({
    page,
  }) => {
    await page.goto('/contas');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByText('Cole o token de acesso emitido para você')).toBeVisible();
    await expect(page.getByLabel('Token de acesso')).toBeVisible();
    await expect(page.getByText('SANDBOX: dados fictícios')).toBeVisible();
    await expect(page).toHaveTitle('Entrar · Cartões Back-office');
    await expect(page.locator('script#runtime-config[type="application/json"]')).toHaveCount(1);
    await expect(page.locator('link[rel="preload"][href="/config.json"]')).toHaveCount(0);
    await expectNoAxeViolations(page, 'sign-in, first frame');
  });

  test('dark: the system’s colour scheme, from CSS alone', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/entrar');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(16, 20, 26)');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expectNoAxeViolations(page, 'sign-in, first frame, dark');
  });

  test('OpenID Connect: a signed-in screen’s frame (bar, navigation, heading) with nothing of an operator', async ({
    page,
  }) => {
    await page.goto(`${OIDC_APP_URL}/produtos`);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    await expect(page.getByText('Cartões · Back-office')).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(navigation.getByRole('link', { name: 'Produtos' })).toHaveAttribute('aria-current', 'page');
    await expect(navigation.getByRole('link')).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);
    await expect(page.getByText(/Ambiente:/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'products, first frame');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(navigation).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    await page.goto(`${OIDC_APP_URL}/entrar/retorno`);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrando' })).toBeVisible();
  });
});

test.describe('the first frame taken over by the app', () => {
  test('sign-in: config.json is never asked for, and no frame is blank or shifted, CPU 4x', async ({
    page,
  }) => {
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
    });
    await watchHeadingFrames(page);
    await throttleCpu(page, 4);
    await page.goto('/entrar');
    // Taken over: the token field has the focus the app gives it.
    await expect(page.getByLabel('Token de acesso')).toBeFocused();
    const frames = (await page.evaluate(() => window.__headingFrames)) ?? [];
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.filter((frame) => frame === null)).toEqual([]);
    // In whole pixels: a shift moves a heading by pixels (and the layout-shift check below counts it), while
    // the frame and the app may place the same heading a fraction of a pixel apart.
    const places = frames.map(
      (frame) => `${Math.round(frame?.top ?? NaN)},${Math.round(frame?.left ?? NaN)}`,
    );
    expect(new Set(places).size).toBe(1);
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) =>
            resolve(
              list
                .getEntries()
                .reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
            ),
          ).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 1000);
        }),
    );
    expect(shifts).toBe(0);
    expect(configRequests).toEqual([]);
    // The frame's CSS has gone: the app's own styles hold the screen.
    await expect(page.locator('style[data-first-frame]')).toHaveCount(0);
  });

  test('OpenID Connect: a cold start at a signed-in screen goes straight to the identity provider', async ({
    page,
  }) => {
    // The frame stays on screen until the page leaves: the app shows no sign-in page in between.
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url().split('?')[0] ?? '');
    });
    await page.goto(`${OIDC_APP_URL}/produtos`);
    await page.waitForURL(`${IDP_URL}/**`);
    await expect(page.locator('input[name="login"]')).toBeVisible();
    expect(addresses.filter((address) => address.startsWith(OIDC_APP_URL))).toEqual([
      `${OIDC_APP_URL}/produtos`,
    ]);
  });
});
