import { setupWorker } from 'msw/browser';
import { createSandboxHandlers } from './handlers';
import { SandboxStore } from './store';

/**
 * Starts the in-browser sandbox (sandbox mode only; main.tsx imports this module dynamically so it never
 * reaches a provider-mode bundle path). Quiet: the app must not write to the console.
 */
export async function startSandboxWorker(options: {
  baseUrl: string;
  accountsBaseUrl: string;
  /** config.json `sandboxProfile`; an unknown name throws before the worker starts. */
  profile?: string;
}): Promise<void> {
  const { profile, ...bases } = options;
  const store = new SandboxStore(profile === undefined ? {} : { profile });
  const worker = setupWorker(...createSandboxHandlers(store, bases));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
