import { expect, type Page } from '@playwright/test';

/**
 * No sideways scroll of the page. Polled, because a viewport change reaches the screen a render later: the
 * media queries flip first, then React lays out the narrow form (a table becomes blocks), and a slower machine
 * measured the wide layout in between.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `no sideways scroll at ${width} px`,
    })
    .toBeLessThanOrEqual(width);
}
