/**
 * Where the one e2e sandbox server keeps each test's store, and the app config that points a page at it.
 * The server runs with `--all-profiles --lanes`: every Playwright worker gets a lane of its own (a store
 * made on the first request that names it), under the profile of its project, so that specs which drive
 * the sandbox (faults, stats, resets) run side by side. Specs take the URL of their store from the
 * `sandbox` fixture (`sandbox.base`), never from the server root.
 */
import { sandboxProfile } from '../../src/sandbox/profiles';

/** Set by playwright.config.ts from E2E_SANDBOX_PORT (workers inherit the runner's environment). */
export const SANDBOX_URL = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4400';

/**
 * The store of a worker's lane: `/lanes/<lane>/` (the default readings), or under a profile
 * `/profiles/<profile>/lanes/<lane>/`. Same origin as the root, so the preview's CSP already allows it.
 */
export function storeBase(profile: string | null, lane: string): string {
  return profile === null
    ? `${SANDBOX_URL}/lanes/${lane}`
    : `${SANDBOX_URL}/profiles/${profile}/lanes/${lane}`;
}

/**
 * What a page's config.json must say to talk to the store at `base` under `profile`'s readings: the two
 * base URLs, and the keys that profile's readings call for (merged over what the server serves).
 */
export function storeConfig(profile: string | null, base: string): Record<string, unknown> {
  return {
    baseUrl: `${base}/api`,
    accountsBaseUrl: `${base}/accounts`,
    ...(profile === null ? {} : { environmentName: `E2E ${profile}`, ...sandboxProfile(profile).appConfig }),
  };
}
