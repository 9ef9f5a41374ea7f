/**
 * Token-mode sign-in against the sandbox: the tokens it accepts (secrets: the privacy sweep looks for
 * them in every test) and the one-click sign-in most specs start from.
 */
import type { Page } from '@playwright/test';

export const SANDBOX_TOKENS = ['sandbox-operator', 'sandbox-analyst', 'sandbox-expired'] as const;

/** Signs in with one click on a sandbox token. */
export async function signInWithSandboxToken(page: Page, label: RegExp = /Operador/) {
  await page.goto('/');
  await page.getByRole('button', { name: label }).click();
  // The navigation away from sign-in (lazy shell and screen) has completed: a test that navigates next
  // (a link, or history.pushState) would otherwise race with it and be overridden by it.
  await page.waitForURL((url) => !url.pathname.startsWith('/entrar'));
}
