import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import {
  holdTheAppsScripts,
  recordAddresses,
  throttleCpu,
  waitForTheAppsStart,
} from './support/held-scripts';
import { OIDC_APP_URL, IDP_URL, watchIdentityProvider } from './support/identity-provider';

/**
 * The first frame comes from the HTML and is the app (docs/decisions/028-the-first-frame-is-the-app.md):
 * the server sends each path the prerendered frame of its sign-in mode, with the configuration stamped
 * in, and the app hydrates it. With the app's scripts served empty, the page shows exactly what the HTML
 * paints before any of them has run; with them held back, what the operator types and presses there is
 * kept and done once the app runs, and the page never submits itself as a plain form.
 */

/**
 * For the states after the app's start at CPU 4x: on a busy 2-core machine (four busy loops beside the
 * browser) the app started 2.7–4.2 s after its scripts were let through, and the products screen showed
 * 4.6–6.5 s after, past the default 5 s.
 */
const startExpect = expect.configure({ timeout: 20_000 });

declare global {
  interface Window {
    /** The frame's heading and token field, as the HTML made them (before the app ran). */
    __frameNodes?: { heading: Element | null; field: Element | null };
    /** Set before the app ran: still there afterwards means the page never reloaded. */
    __sameDocument?: boolean;
  }
}

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

  test('OpenID Connect: a signed-in screen is “Entrando” (bar, navigation, heading) with nothing of an operator', async ({
    page,
  }) => {
    // A cold start there leaves for the identity provider at once, and its return exchanges the code
    // first: the frame says the sign-in is under way, in the shell's own layout.
    await page.goto(`${OIDC_APP_URL}/produtos`);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrando' })).toBeVisible();
    await expect(page.getByText('Cartões · Back-office')).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(navigation.getByRole('link')).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);
    await expect(page.getByText(/Ambiente:/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'entering, first frame');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(navigation).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrando' })).toBeVisible();

    await page.goto(`${OIDC_APP_URL}/entrar`);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });
});

for (const cpu of [1, 4]) {
  test.describe(`the frame is the app, before its scripts have run (CPU ${cpu}x)`, () => {
    test.beforeEach(async ({ page }) => {
      await throttleCpu(page, cpu);
    });

    test('what is typed there is the field’s when the app starts: the same nodes, the same text', async ({
      page,
    }) => {
      const scripts = await holdTheAppsScripts(page);
      await page.goto('/entrar', { waitUntil: 'commit' });
      const field = page.getByLabel('Token de acesso');
      await expect(field).toBeFocused();
      await page.keyboard.type('sandbox-operator');
      await page.evaluate(() => {
        window.__frameNodes = {
          heading: document.querySelector('h1'),
          field: document.querySelector('input[name="token"]'),
        };
      });
      scripts.release();
      await waitForTheAppsStart(page);
      const adopted = await page.evaluate(() => ({
        heading: document.querySelector('h1') === window.__frameNodes?.heading,
        field: document.querySelector('input[name="token"]') === window.__frameNodes?.field,
      }));
      expect(adopted).toEqual({ heading: true, field: true });
      await expect(field).toHaveValue('sandbox-operator');
      await expect(field).toBeFocused();
      // The app's own control now: "Mostrar token" shows what was typed.
      await page.getByRole('button', { name: 'Mostrar token' }).click();
      await expect(page.getByRole('button', { name: 'Ocultar token' })).toBeVisible();
      await field.press('Enter');
      await startExpect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeFocused();
    });

    test('Enter pressed there signs in with what was typed, once the app runs, never as a plain form', async ({
      page,
    }) => {
      const addresses = recordAddresses(page);
      const authorizations: string[] = [];
      page.on('request', (request) => {
        const authorization = request.headers().authorization;
        if (authorization) authorizations.push(authorization);
      });
      const scripts = await holdTheAppsScripts(page);
      await page.goto('/entrar', { waitUntil: 'commit' });
      await expect(page.getByLabel('Token de acesso')).toBeFocused();
      await page.keyboard.type('sandbox-operator');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
      scripts.release();
      await startExpect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeFocused();
      await startExpect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
      expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
      expect(addresses.documents.map((url) => new URL(url).pathname)).toEqual(['/entrar']);
      const everyAddress = [...addresses.requests, ...addresses.navigations];
      expect(
        everyAddress.filter((url) => url.includes('token=') || url.includes('sandbox-operator')),
      ).toEqual([]);
      // The document's own address (the router records its history entry there), then one sign-in.
      const visited = addresses.navigations.map((url) => new URL(url).pathname);
      expect(visited.filter((pathname) => pathname !== '/entrar')).toEqual(['/produtos']);
      expect(new Set(authorizations)).toEqual(new Set(['Bearer sandbox-operator']));
    });
  });
}

test('OpenID Connect: a link pressed on the entering frame before the app runs is followed once it has signed in, without a reload', async ({
  page,
  privacy,
}) => {
  const traffic = watchIdentityProvider(page, privacy);
  await page.goto(`${OIDC_APP_URL}/produtos`);
  await page.waitForURL(`${IDP_URL}/**`);
  await page.locator('input[name="login"]').fill('operator');
  await page.locator('input[name="password"]').fill('senha-de-teste');
  // The return from the identity provider: its page, held before the app's scripts run.
  const scripts = await holdTheAppsScripts(page, OIDC_APP_URL);
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrando' })).toBeVisible();
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.push(request.url());
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  scripts.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova proposta de crédito' })).toBeVisible();
  await expect(page).toHaveURL(/\/proposta\/nova/);
  expect(documents).toEqual([]);
  await expect.poll(() => traffic.accessTokens.length).toBe(1);
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
    // Taken over: the app has the frame (it took what the early-input script kept).
    await waitForTheAppsStart(page);
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
  });

  test('a token pasted into the frame: its claims appear when the app runs, and the field and "Entrar" stay put', async ({
    page,
  }) => {
    // A JWT typed before the app ran: the app shows its claims once it adopts the field's value. Drawn
    // above the button in a card centred on its height, they moved "Entrar" 62 px under a click aimed at
    // it, and the press was lost.
    const scripts = await holdTheAppsScripts(page);
    await page.goto('/entrar');
    const claims = { iss: 'sandbox', sub: 'ana', scope: 'accounts:read', exp: 4102444800 };
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const field = page.getByLabel('Token de acesso');
    await field.fill(`${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`);
    const button = page.getByRole('button', { name: 'Entrar', exact: true });
    const before = { field: await field.boundingBox(), button: await button.boundingBox() };
    scripts.release();
    await expect(page.getByText('Token JWT')).toBeVisible();
    expect({ field: await field.boundingBox(), button: await button.boundingBox() }).toEqual(before);
  });

  test('on a slow link the frame paints whole: its heading never moves while the HTML arrives', async ({
    page,
  }) => {
    // 20 KB/s: the page arrives in pieces, and a frame painted from the first of them would centre a
    // shorter card (the sign-in card is centred on its height) and move it as the rest came.
    await watchHeadingFrames(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 20_000,
      uploadThroughput: 20_000,
    });
    await page.goto('/entrar', { waitUntil: 'domcontentloaded' });
    // Parsed whole, then painted at least twice more.
    await page.waitForFunction(() => (window.__headingFrames?.length ?? 0) > 2);
    const frames = (await page.evaluate(() => window.__headingFrames)) ?? [];
    const places = frames.map(
      (frame) => `${Math.round(frame?.top ?? NaN)},${Math.round(frame?.left ?? NaN)}`,
    );
    expect(new Set(places).size).toBe(1);
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
