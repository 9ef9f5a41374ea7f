/**
 * How every picture of e2e/visual/ is taken (docs/testing.md, "Pictures"): one state, set up once, then
 * photographed at each width and in each theme without reloading: the viewport is resized and the colour
 * scheme switched (the app follows the system's until an operator picks one), so a state costs one
 * journey and six captures. At rest: a frozen clock, no motion, fonts loaded, the pointer out of the way.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe-check';
import { expectNoSidewaysScroll } from '../support/layout-checks';
import { settle } from '../support/settle';

/**
 * The widths where the layout changes: the desktop the operators use (the permanent drawer, from md) and a
 * phone (the temporary drawer, one column). Every picture there is also checked for sideways scroll. 320 px
 * and 640 px at 200 % lay out the same components with less room: e2e/layout.spec.ts checks them (no
 * sideways scroll, sign-out on screen) without a picture.
 */
export const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

export const themes = ['light', 'dark'] as const;

/** The frozen "now" of every picture (the sandbox's dates are seeded; the page's come from this clock). */
export const FROZEN_NOW = new Date('2026-03-16T14:30:00-03:00');

/**
 * Before the first navigation: Date frozen (timers still run, so the app works), motion off, and a style
 * that stops what `animations: 'disabled'` cannot: the text caret and smooth scrolling.
 */
export async function atRest(page: Page, clock = true) {
  if (clock) await page.clock.setFixedTime(FROZEN_NOW);
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  await page.addInitScript(() => {
    const style = () => {
      const element = document.createElement('style');
      element.dataset.visual = '';
      element.textContent =
        '*,*::before,*::after{caret-color:transparent!important;scroll-behavior:auto!important}';
      document.head.append(element);
    };
    // Init scripts run before the document has a head.
    document.addEventListener('DOMContentLoaded', style);
  });
}

export interface PictureOptions {
  /** The whole page (a form, a table), or the viewport only (the default: smaller files). */
  fullPage?: boolean;
  /** Parts that differ run to run by nature (none so far), painted over. */
  mask?: Locator[];
  /** Waited for at each width and theme before the capture (e.g. a dialog, still open). */
  visible?: Locator;
  /** A state drawn for its picture only (a variant of one already checked): no axe pass. */
  skipAxe?: boolean;
}

/** Resizes, switches the scheme and waits for the page to rest. */
export async function show(page: Page, size: (typeof widths)[number], theme: (typeof themes)[number]) {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: theme });
  await page.mouse.move(0, size.height - 1);
  await settle(page);
}

/**
 * `<state>-<width>-<theme>.png` at every width and theme, no sideways scroll at each width, and axe's
 * pass on the state in each theme at 1280 px and in the phone layout (light): each state reached once
 * serves all three. The page is left at 1280 px, light.
 */
export async function pictures(page: Page, state: string, options: PictureOptions = {}) {
  for (const size of widths)
    for (const theme of themes) {
      await show(page, size, theme);
      if (options.visible) await expect(options.visible).toBeVisible();
      // A whole page from its top: scrolled (the focus moved to a problem), the fixed bar would be drawn
      // across the middle of the picture, wherever the scroll happened to be.
      if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      if (theme === 'light') await expectNoSidewaysScroll(page);
      await expect
        .soft(page, `${state} at ${size.width} px, ${theme}`)
        .toHaveScreenshot(`${state}-${size.width}-${theme}.png`, {
          fullPage: options.fullPage ?? false,
          mask: options.mask ?? [],
        });
      if (!options.skipAxe && (size === widths[0] || theme === 'light'))
        await expectNoAxeViolations(page, `${state} at ${size.width} px, ${theme}`);
    }
  await show(page, widths[0], 'light');
}
