import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { OIDC_APP_URL, signInAtIdentityProvider } from '../support/identity-provider';
import { atRest, pictures, show, themes, widths } from './pictures';

/**
 * The first frame (docs/decisions/028-the-first-frame-is-the-app.md) against the app, at every width and
 * theme: the picture of the HTML alone (the app's scripts served empty, as in e2e/first-frame.spec.ts)
 * must be the app's, pixel for pixel, in the part the frame holds. Each frame picture is also a baseline
 * (`first-frame-<screen>-<width>-<theme>.png`).
 *
 * - sign-in: the whole page, its focused token field included: the app hydrates the frame.
 * - the entering frame (OpenID Connect, on the way to or back from the identity provider): the bar's title
 *   and the navigation are the signed-in shell's; its heading ("Entrando") is its own picture. The rest of
 *   the bar (environment, token expiry, language, theme, "Sair") and the screen are the operator's.
 */

/** The app's scripts served empty: the page shows what the HTML paints, and can still be inspected. */
async function withoutTheAppsScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: '' }),
  );
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Variant = `${number}-${(typeof themes)[number]}`;

/** One capture per width and theme: `regions` of the page (or the viewport), masks painted over. */
async function captures(
  page: Page,
  regions: (page: Page) => Promise<Array<Region | undefined>>,
  mask: Locator[] = [],
): Promise<Map<Variant, Buffer[]>> {
  const shots = new Map<Variant, Buffer[]>();
  for (const size of widths)
    for (const theme of themes) {
      await show(page, size, theme);
      const buffers: Buffer[] = [];
      for (const clip of await regions(page))
        buffers.push(
          await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', mask, clip }),
        );
      shots.set(`${size.width}-${theme}`, buffers);
    }
  return shots;
}

/**
 * The frame's pictures are baselines, and the app's pictures are compared with the same baselines, at
 * the same tolerance as every picture (playwright.visual.config.ts): so the app's render is the frame's.
 * (After `--update`, run the comparison once more: an app picture that differed from the frame's would
 * have been written over it, and the frame's then fails.)
 */
function expectSame(name: string, frame: Map<Variant, Buffer[]>, app: Map<Variant, Buffer[]>) {
  for (const [variant, frameShots] of frame)
    for (const [index, frameShot] of frameShots.entries()) {
      const picture = `first-frame-${name}-${variant}${frameShots.length > 1 ? `-${index + 1}` : ''}.png`;
      expect.soft(frameShot, `${picture}: the frame`).toMatchSnapshot(picture);
      expect.soft(app.get(variant)?.[index], `${picture}: the app's first render`).toMatchSnapshot(picture);
    }
}

test('sign-in: the frame is the app’s first render, its focused token field included', async ({ page }) => {
  await atRest(page);
  const viewport = () => Promise.resolve([undefined]);

  await withoutTheAppsScripts(page);
  await page.goto('/entrar');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect(page.getByLabel('Token de acesso')).toBeFocused();
  const frame = await captures(page, viewport);

  await page.unrouteAll();
  await page.goto('/entrar');
  await page.waitForFunction(() => !('__cartoesEarlyInput' in window));
  await expect(page.getByLabel('Token de acesso')).toBeFocused();
  const app = await captures(page, viewport);
  expectSame('sign-in', frame, app);
});

/** The bar's title, and the navigation where it is beside the screen (from `md` up). */
async function shellRegions(page: Page): Promise<Region[]> {
  const bar = await page.getByRole('banner').boundingBox();
  const title = await page.getByRole('banner').getByText('Cartões · Back-office').boundingBox();
  if (!bar || !title) throw new Error('the bar and its title are on screen');
  const width = page.viewportSize()?.width ?? 0;
  // At 320 px the app's bar holds "Sair" too and cuts the title short ("Cartões · Ba…"), which the
  // frame shows whole: a known difference, so there only the menu button.
  const titleEnd = width <= 320 ? title.x - 4 : title.x + title.width + 4;
  const regions = [{ x: 0, y: 0, width: Math.ceil(titleEnd), height: Math.floor(bar.y + bar.height) }];
  // The navigation is beside the screen from MUI's `md` breakpoint (900 px) up.
  const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
  const nav = width >= 900 ? await navigation.boundingBox() : null;
  if (nav)
    regions.push({ x: 0, y: Math.ceil(bar.y + bar.height), width: Math.floor(nav.width), height: 320 });
  return regions;
}

test('the entering frame (OpenID Connect): the shell’s bar title and navigation, and its own heading', async ({
  page,
}) => {
  // The identity provider's tokens are checked against the real clock: this test does not freeze it.
  await atRest(page, false);

  await withoutTheAppsScripts(page);
  await page.goto(`${OIDC_APP_URL}/produtos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrando' })).toBeVisible();
  const frame = await captures(page, shellRegions);
  await pictures(page, 'first-frame-entering');

  await page.unrouteAll();
  await page.goto(`${OIDC_APP_URL}/produtos`);
  await signInAtIdentityProvider(page, 'operator');
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  const app = await captures(page, shellRegions);
  expectSame('shell-oidc', frame, app);
});
