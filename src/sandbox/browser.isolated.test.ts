// @vitest-environment jsdom
import { getResponse, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@/api/endpoints';

const worker = vi.hoisted(() => ({
  handlers: [] as unknown[],
  start: vi.fn<(options: unknown) => Promise<void>>(() => Promise.resolve()),
}));

// A service worker cannot run under jsdom; what matters here is how the worker is set up.
vi.mock('msw/browser', () => ({
  setupWorker: (...handlers: unknown[]) => {
    worker.handlers = handlers;
    return { start: worker.start };
  },
}));

const { startSandboxWorker } = await import('./browser');

function isHandler(value: unknown): value is RequestHandler {
  return typeof value === 'object' && value !== null && 'run' in value;
}

describe('startSandboxWorker', () => {
  it('starts a quiet worker that bypasses unhandled requests', async () => {
    await startSandboxWorker({ baseUrl: '/api', accountsBaseUrl: '/accounts' });
    expect(worker.start).toHaveBeenCalledWith({
      serviceWorker: { url: '/mockServiceWorker.js' },
      onUnhandledRequest: 'bypass',
      quiet: true,
    });
  });

  it('answers root-relative bases and control endpoints on the page origin', async () => {
    await startSandboxWorker({ baseUrl: '/api', accountsBaseUrl: '/accounts' });
    const handlers = worker.handlers.filter(isHandler);
    expect(handlers).toHaveLength(worker.handlers.length);
    const products = await getResponse(
      handlers,
      new Request(`${window.location.origin}/api${endpoints.products()}`, {
        headers: { Authorization: 'Bearer sandbox-operator' },
      }),
    );
    expect(products?.status).toBe(200);
    const stats = await getResponse(handlers, new Request(`${window.location.origin}/__sandbox/stats`));
    expect(stats?.status).toBe(200);
    expect(await getResponse(handlers, new Request(`${window.location.origin}/config.json`))).toBeUndefined();
  });
});
