/**
 * Where the one e2e sandbox server keeps each store (the root, a profile's, a lane's) and the app config
 * that points a page at one. The fixtures reset the store of a test's project and serve its config; specs
 * that call the sandbox themselves take its URL from here, so that a run on other ports still finds it.
 */
import { readFileSync } from 'node:fs';
import { sandboxProfile } from '../../src/sandbox/profiles';

/** Set by playwright.config.ts from E2E_SANDBOX_PORT (workers inherit the runner's environment). */
export const SANDBOX_URL = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4400';

/**
 * Where a sandbox profile lives on the one e2e sandbox server (`--all-profiles`): its own store under
 * `/profiles/<name>/`, same origin (so the preview's CSP connect-src already allows it). Null: the root.
 */
export function profileBase(profile: string | null): string {
  return profile === null ? SANDBOX_URL : `${SANDBOX_URL}/profiles/${profile}`;
}

/**
 * Where a sandbox lane lives on the e2e sandbox server (`--lane <name>`): a store of its own under
 * `/lanes/<name>/`, same origin, for a project that must not share the root store with the others.
 */
export function laneBase(lane: string): string {
  return `${SANDBOX_URL}/lanes/${lane}`;
}

function e2eConfig(base: string): Record<string, unknown> {
  const template: unknown = JSON.parse(readFileSync('e2e/config.e2e.json', 'utf8'));
  return {
    ...(typeof template === 'object' && template !== null ? template : {}),
    baseUrl: `${base}/api`,
    accountsBaseUrl: `${base}/accounts`,
  };
}

/** e2e/config.e2e.json pointed at a profile's base URLs, with the config keys its readings call for. */
export function profileConfig(profile: string): Record<string, unknown> {
  return {
    ...e2eConfig(profileBase(profile)),
    environmentName: `E2E ${profile}`,
    ...sandboxProfile(profile).appConfig,
  };
}

/** e2e/config.e2e.json pointed at a lane's base URLs, with `patch` over it. */
export function laneConfig(lane: string, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...e2eConfig(laneBase(lane)), environmentName: `E2E ${lane}`, ...patch };
}
