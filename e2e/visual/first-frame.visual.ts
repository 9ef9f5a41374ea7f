import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { OIDC_APP_URL, signInAtIdentityProvider } from '../support/identity-provider';
import { atRest, show, themes, widths } from './pictures';

/**
 * The first frame (docs/decisions/021-first-frame-from-the-html.md) against the app's first render, at
 * every width and theme: the picture of the HTML alone (the app's scripts served empty, as in
 * e2e/first-frame.spec.ts) must be the app's, pixel for pixel, in the part the frame holds. Each frame
 * picture is also a baseline (`first-frame-<screen>-<width>-<theme>.png`).
 *
 * What the frame does not hold, left out of both pictures:
 * - sign-in: the token field, masked: the app focuses it, so its label floats above it, and the frame's
 *   does not (nothing in the HTML may take the focus before the app runs);
 * - a signed-in screen: the operator's part of the bar (environment, token expiry, language, theme,
 *   "Sair") and the screen's data; the frame is compared in two parts: the bar's title, and everything
 *   from under the bar to the end of the heading's lead paragraph (navigation, sandbox banner, heading).
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

test('sign-in: the frame is the app’s first render, but for the focused token field', async ({ page }) => {
  await atRest(page);
  /** The token field and the room its floating label takes above it, covered in both pictures alike. */
  const viewport = async (page: Page) => {
    // The whole field (outline, adornment), not only its input.
    const box = await page.getByLabel('Token de acesso').evaluate((input) => {
      const { x, y, width, height } = (
        input.closest('.MuiFormControl-root') ?? input
      ).getBoundingClientRect();
      return { x, y, width, height };
    });
    await page.evaluate((rect) => {
      document.querySelector('#visual-token-cover')?.remove();
      const cover = document.createElement('div');
      cover.id = 'visual-token-cover';
      Object.assign(cover.style, {
        position: 'absolute',
        left: `${rect.x - 16}px`,
        top: `${rect.y + window.scrollY - 16}px`,
        width: `${rect.width + 32}px`,
        height: `${rect.height + 32}px`,
        background: '#ff00ff',
        zIndex: '2147483647',
      });
      document.body.append(cover);
    }, box);
    return [undefined];
  };

  await withoutTheAppsScripts(page);
  await page.goto('/entrar');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  const frame = await captures(page, viewport);

  await page.unrouteAll();
  await page.goto('/entrar');
  await expect(page.getByLabel('Token de acesso')).toBeFocused();
  await expect(page.locator('style[data-first-frame]')).toHaveCount(0);
  const app = await captures(page, viewport);
  expectSame('sign-in', frame, app);
});

/** The bar's title; and from under the bar to the end of the heading's lead paragraph. */
async function productRegions(page: Page): Promise<Region[]> {
  const bar = await page.getByRole('banner').boundingBox();
  const title = await page.getByRole('banner').getByText('Cartões · Back-office').boundingBox();
  const lead = await page.locator('main h1 + p').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!bar || !title || !lead) throw new Error('the bar, its title and the heading’s lead are on screen');
  const barBottom = bar.y + bar.height;
  // At 320 px the app's bar holds "Sair" too and cuts the title short ("Cartões · Ba…"), which the
  // frame shows whole: a known difference (reported with issue 41), so there only the menu button.
  const titleEnd = width <= 320 ? title.x - 4 : title.x + title.width + 4;
  return [
    { x: 0, y: 0, width: Math.ceil(titleEnd), height: Math.floor(barBottom) },
    { x: 0, y: Math.ceil(barBottom), width, height: Math.ceil(lead.y + lead.height + 8 - barBottom) },
  ];
}

test('a signed-in reload (OpenID Connect): the frame is the app’s bar title, navigation and heading', async ({
  page,
}) => {
  // The identity provider's tokens are checked against the real clock: this test does not freeze it.
  await atRest(page, false);

  await withoutTheAppsScripts(page);
  await page.goto(`${OIDC_APP_URL}/produtos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
  const frame = await captures(page, productRegions);

  await page.unrouteAll();
  await page.goto(`${OIDC_APP_URL}/produtos`);
  await signInAtIdentityProvider(page, 'operator');
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  // The reload: the frame, the identity provider's session, back to the screen.
  await page.reload();
  await page.waitForURL(`${OIDC_APP_URL}/produtos`);
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  const app = await captures(page, productRegions);
  expectSame('products-oidc', frame, app);
});
