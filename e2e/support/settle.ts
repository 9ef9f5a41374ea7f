import type { Page } from '@playwright/test';

/**
 * Waits for what moves on the page to stop: the web fonts to load and the finite animations running now to
 * end (a theme switch fades every background for a quarter second; a drawer slides in). Measuring colours or
 * widths mid-way meets values the page never rests at. Infinite ones (a spinner) are not waited for.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}
