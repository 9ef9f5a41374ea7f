/**
 * One test's deployment: the runtime config (/config.json) the page reads, changed for that test only
 * (a time-out, a flag, another URL), so that a spec tries a setting without a server of its own.
 */
import type { Page } from '@playwright/test';

/** This test's deployment: the served config.json with `patch` over it (set before the app loads). */
export async function patchConfig(page: Page, patch: Record<string, unknown>) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const served = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...served, ...patch } });
  });
}
