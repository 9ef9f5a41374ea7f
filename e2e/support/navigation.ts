/**
 * The main navigation at any width. From MUI's `md` breakpoint (900 px) up it is a permanent drawer; below
 * it, behind the app bar's menu button (src/app/layout/app-shell.tsx). Which of the two a page has follows
 * from its viewport, fixed before the test starts: the helpers decide by it, not by asking the page whether
 * the menu button is visible yet (an instant's answer, "no" while the shell is still being drawn).
 */
import type { Page } from '@playwright/test';

/** MUI's default `md` breakpoint, the width from which the drawer is permanent. */
const PERMANENT_DRAWER_FROM = 900;

/** Whether the navigation sits behind the menu button at this page's viewport. */
export function navigationBehindMenu(page: Page): boolean {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no fixed viewport: which navigation it has is not known');
  return viewport.width < PERMANENT_DRAWER_FROM;
}

/** Makes the navigation's links reachable: below `md`, opens the drawer with the menu button. */
export async function openNavigation(page: Page) {
  // The click waits for the button to be drawn; at widths with a permanent drawer there is none to click.
  if (navigationBehindMenu(page)) await page.getByRole('button', { name: 'Abrir navegação' }).click();
}

/** Opens a screen through the navigation: the permanent drawer, or the menu button below `md`. */
export async function openFromNavigation(page: Page, linkName: string) {
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: linkName })
    .click();
}
