/**
 * The first frame before the app's scripts have run, held as long as a test needs: what an operator on a
 * slow office computer, or a slow network, meets. The HTML paints the frame at once; the app's scripts
 * reach the page only when the test releases them (a state, not a time: "typed, pressed Enter, now let
 * the app start").
 */
import type { Page } from '@playwright/test';

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

/**
 * From now on, by URL: every request, every navigation of the page's main frame (in-page ones included),
 * and every document it loaded (a plain form's submission would be one more).
 */
export function recordAddresses(page: Page): {
  requests: string[];
  navigations: string[];
  documents: string[];
} {
  const record = { requests: [] as string[], navigations: [] as string[], documents: [] as string[] };
  page.on('request', (request) => {
    record.requests.push(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      record.documents.push(request.url());
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) record.navigations.push(frame.url());
  });
  return record;
}

export async function throttleCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Resolves once the app has taken the frame over: it took what the early-input script kept. */
export async function waitForTheAppsStart(page: Page) {
  await page.waitForFunction(() => document.readyState === 'complete' && !('__cartoesEarlyInput' in window));
}
