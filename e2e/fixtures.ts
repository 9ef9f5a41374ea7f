/**
 * The Playwright `test` every spec uses: the base test extended with the sandbox reset, the profile's or
 * lane's config, the privacy watch and the runtime guard. Only the wiring lives here; what each fixture
 * does lives in e2e/support/, one module per concern, and specs import helpers from there.
 */
import { test as base, expect } from '@playwright/test';
import { PrivacyWatch } from './support/privacy-watch';
import { RuntimeExpectations, startRuntimeGuard } from './support/runtime-guard';
import { SandboxControl } from './support/sandbox-control';
import { serveStoreConfig } from './support/patch-config';
import { SANDBOX_URL, storeBase, storeConfig } from './support/sandbox-stores';

interface Options {
  /** A project option: the sandbox profile this project's tests run against (null: the default readings). */
  sandboxProfile: string | null;
  /**
   * A project option: each worker on a store of its own (true), or every test on the server's root store
   * (false: the nginx suite, one worker, whose gateway proxies the root store).
   */
  sandboxLanes: boolean;
}

interface Fixtures {
  sandbox: SandboxControl;
  /** Every page of the test's context gets the config.json of the test's store (automatic). */
  storeConfigRoute: void;
  privacy: PrivacyWatch;
  runtime: RuntimeExpectations;
  runtimeGuard: void;
}

export const test = base.extend<Fixtures & Options>({
  sandboxProfile: [null, { option: true }],
  sandboxLanes: [true, { option: true }],

  // Every test starts on a freshly seeded store of its own worker (a lane per worker and profile), whether
  // or not it drives the sandbox itself; tests running side by side never share one.
  sandbox: [
    async ({ request, sandboxProfile, sandboxLanes }, use, testInfo) => {
      const base = sandboxLanes ? storeBase(sandboxProfile, `w${testInfo.parallelIndex}`) : SANDBOX_URL;
      const control = new SandboxControl(request, base);
      await control.reset();
      await use(control);
      await control.reset(); // also releases any request a 'hang' fault still holds
    },
    { auto: true },
  ],

  storeConfigRoute: [
    async ({ context, sandbox, sandboxProfile, sandboxLanes }, use) => {
      if (sandboxLanes)
        await serveStoreConfig(context, SANDBOX_URL, storeConfig(sandboxProfile, sandbox.base));
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
