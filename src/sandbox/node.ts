import { setupServer, type SetupServer } from 'msw/node';
import { createSandboxHandlers } from './handlers';
import { SandboxStore } from './store';
import type { SandboxStoreOptions } from './store-options';

/** jsdom's origin under Vitest. */
const TEST_ORIGIN = 'http://localhost:3000';

export interface TestSandboxOptions extends SandboxStoreOptions {
  baseUrl?: string;
  accountsBaseUrl?: string;
  controlBaseUrl?: string;
}

export interface TestSandbox {
  server: SetupServer;
  store: SandboxStore;
  baseUrl: string;
  accountsBaseUrl: string;
}

/**
 * The sandbox for Vitest: an msw/node server over a fresh store. The caller owns the lifecycle:
 *
 *   const sandbox = createTestSandbox();
 *   beforeAll(() => sandbox.server.listen({ onUnhandledRequest: 'error' }));
 *   afterEach(() => { sandbox.server.resetHandlers(); sandbox.store.reset(); });
 *   afterAll(() => sandbox.server.close());
 */
export function createTestSandbox(options: TestSandboxOptions = {}): TestSandbox {
  const {
    baseUrl = `${TEST_ORIGIN}/api`,
    accountsBaseUrl = `${TEST_ORIGIN}/accounts`,
    controlBaseUrl,
    ...storeOptions
  } = options;
  const store = new SandboxStore(storeOptions);
  const handlers = createSandboxHandlers(store, {
    baseUrl,
    accountsBaseUrl,
    ...(controlBaseUrl === undefined ? {} : { controlBaseUrl }),
  });
  return { server: setupServer(...handlers), store, baseUrl, accountsBaseUrl };
}
