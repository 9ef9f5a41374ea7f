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
}): Promise<void> {
  const store = new SandboxStore();
  const worker = setupWorker(...createSandboxHandlers(store, options));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
