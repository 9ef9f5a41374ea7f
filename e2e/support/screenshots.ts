/**
 * Screenshots for a person to look at. They cost a capture each (tens of them per spec, most of the whole
 * page), so `npm test` takes none: `E2E_SHOTS_DIR=/tmp/shots npx playwright test <spec>` writes every
 * state's picture there (docs/testing.md). A failing test still leaves its own screenshot in test-results/.
 */
import type { Locator, Page } from '@playwright/test';

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/** Writes `<E2E_SHOTS_DIR>/<name>.pdf`, the page as printed on A4, when that directory is set. */
export async function printedShot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await page.pdf({ path: `${SHOTS_DIR}/${name}.pdf`, preferCSSPageSize: true });
}

/** Writes `<E2E_SHOTS_DIR>/<name>.png` when that directory is set: the whole page, or one element. */
export async function shot(target: Page | Locator, name: string) {
  if (!SHOTS_DIR) return;
  const path = `${SHOTS_DIR}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}
