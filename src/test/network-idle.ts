import { waitFor } from '@testing-library/react';
import type { SetupServer } from 'msw/node';

/** How long no request may be under way before the network counts as idle. */
const QUIET_MS = 150;

/**
 * Watches the requests a page test's sandbox server handles: `idle()` waits until none has been under way
 * for a moment (a send that a late gesture would start has then started, and been counted by the
 * sandbox's stats), and `onAnswer` runs a callback as the sandbox hands a matching answer back.
 */
export function watchRequests(server: SetupServer) {
  const open = new Map<string, string>();
  let lastChange = Date.now();
  const settle = (requestId: string) => {
    if (open.delete(requestId)) lastChange = Date.now();
  };
  const answerListeners = new Set<(request: Request) => void>();
  server.events.on('request:start', ({ request, requestId }) => {
    open.set(requestId, `${request.method} ${request.url}`);
    lastChange = Date.now();
    // A request the app cancels (a query no screen needs any more) may never reach request:end.
    request.signal.addEventListener('abort', () => settle(requestId), { once: true });
  });
  server.events.on('request:end', ({ requestId }) => settle(requestId));
  server.events.on('response:mocked', ({ request }) => {
    for (const listener of answerListeners) listener(request);
  });
  return {
    idle: () =>
      waitFor(() => {
        if (open.size > 0 || Date.now() - lastChange < QUIET_MS)
          throw new Error(`requests under way: ${[...open.values()].join(', ') || 'none (quiet period)'}`);
      }),
    /** Runs `act` once, in the task that delivers the first answer to a request `matches` accepts. */
    onAnswer(matches: (request: Request) => boolean, act: () => void) {
      const listener = (request: Request) => {
        if (!matches(request)) return;
        answerListeners.delete(listener);
        act();
      };
      answerListeners.add(listener);
    },
  };
}
