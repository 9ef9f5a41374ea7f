/**
 * The Playwright `test` every spec uses: the base test extended with the sandbox reset, the profile's or
 * lane's config, the privacy watch and the runtime guard. Only the wiring lives here; what each fixture
 * does lives in e2e/support/, one module per concern, and specs import helpers from there.
 */
import { test as base, expect } from '@playwright/test';
import { PrivacyWatch } from './support/privacy-watch';
import { RuntimeExpectations, startRuntimeGuard } from './support/runtime-guard';
import { SandboxControl } from './support/sandbox-control';
import { laneBase, laneConfig, profileBase, profileConfig } from './support/sandbox-stores';

interface Options {
  /** A project option: the sandbox profile this project's tests run against (null: the server root). */
  sandboxProfile: string | null;
  /** A project option: the sandbox lane this project's tests run against (null: none). */
  sandboxLane: string | null;
}

interface Fixtures {
  sandbox: SandboxControl;
  /** With a profile: /config.json answers that profile's config (automatic). */
  profileConfigRoute: void;
  privacy: PrivacyWatch;
  runtime: RuntimeExpectations;
  runtimeGuard: void;
}

export const test = base.extend<Fixtures & Options>({
  sandboxProfile: [null, { option: true }],
  sandboxLane: [null, { option: true }],

  // Every test starts on a freshly seeded sandbox, whether or not it drives the sandbox itself.
  sandbox: [
    async ({ request, sandboxProfile, sandboxLane }, use) => {
      const control = new SandboxControl(
        request,
        sandboxLane === null ? profileBase(sandboxProfile) : laneBase(sandboxLane),
      );
      await control.reset();
      await use(control);
      await control.reset(); // also releases any request a 'hang' fault still holds
    },
    { auto: true },
  ],

  // One preview server serves every profile's project: the page gets the profile's config.json this
  // way (same origin, same CSP), while the server's own /config.json stays the root sandbox's.
  profileConfigRoute: [
    async ({ page, sandboxProfile, sandboxLane }, use) => {
      const config =
        sandboxLane !== null
          ? laneConfig(sandboxLane)
          : sandboxProfile !== null
            ? profileConfig(sandboxProfile)
            : null;
      if (config !== null) {
        await page.route('**/config.json', (route) =>
          route.fulfill({ json: config, headers: { 'Cache-Control': 'no-store' } }),
        );
      }
      await use();
    },
    { auto: true },
  ],

  privacy: async ({}, use) => {
    await use(new PrivacyWatch());
  },

  runtime: async ({}, use) => {
    await use(new RuntimeExpectations());
  },

  /**
   * Runs around every test: fails it on a page error, a console error or a CSP violation, and sweeps
   * URLs, titles, storage and cookies for the token and registered personal data.
   */
  runtimeGuard: [
    async ({ page, context, privacy, runtime }, use) => {
      const guard = await startRuntimeGuard(page, context, privacy, runtime);
      await use();
      await guard.check();
    },
    { auto: true },
  ],
});

export { expect };
