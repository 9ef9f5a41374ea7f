/**
 * What the app asked the network for, counted inside the page where it asks: every call of `fetch`, by
 * method and path. Read after a gesture (a later task of the page), the count includes whatever the
 * gesture's handlers started, with no wait on the network; the request itself still goes out unchanged.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** `METHOD /path` of every fetch the page made, in order. */
    __fetches?: string[];
  }
}

/** Starts counting the page's fetches (before the app loads). */
export async function countFetches(page: Page) {
  await page.addInitScript(() => {
    const fetches: string[] = [];
    window.__fetches = fetches;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const request = input instanceof Request ? input : null;
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      fetches.push(`${method} ${new URL(url, location.href).pathname}`);
      return original(input, init);
    };
  });
}

/** How many `method` fetches the page has made to paths ending in `pathEnd` so far. */
export async function fetchesTo(page: Page, method: string, pathEnd: string): Promise<number> {
  const fetches = await page.evaluate(() => window.__fetches ?? []);
  return fetches.filter((line) => line.startsWith(`${method} `) && line.endsWith(pathEnd)).length;
}
