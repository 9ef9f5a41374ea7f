/**
 * The page before the app's scripts have run, held as long as a test needs: what an operator on a slow
 * office computer, or a slow network, meets. index.html paints its still shell at once; the app's scripts
 * reach the page only when the test releases them (a state, not a time).
 */
import { expect, type Page } from '@playwright/test';

export interface HeldScripts {
  /** Lets the app's scripts through (and every later one): the app starts. */
  release: () => void;
}

/**
 * Holds every script of the app's build (`/assets/*.js`, on `origin`: the page's own by default) until
 * `release()`. Call before the navigation whose page it holds.
 */
export async function holdTheAppsScripts(page: Page, origin = ''): Promise<HeldScripts> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const scripts = origin
    ? new RegExp(`^${origin.replace(/[.]/g, '\\.')}/assets/.*\\.js$`)
    : /\/assets\/.*\.js$/;
  await page.route(scripts, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Every control a pointer or a key could operate, on screen and enabled. */
export function operableControls(page: Page) {
  return page
    .locator(
      'input:enabled, textarea:enabled, select:enabled, button:enabled, a[href], [tabindex]:not([tabindex="-1"])',
    )
    .filter({ visible: true });
}

/** The still shell, with the app's scripts held: its bar and loading state, and nothing to operate. */
export async function expectTheStillShell(page: Page) {
  await expect(page.getByRole('banner')).toHaveText('Cartões · Back-office');
  await expect(page.getByRole('progressbar', { name: 'Carregando o aplicativo' })).toBeVisible();
  await expect(operableControls(page)).toHaveCount(0);
}
