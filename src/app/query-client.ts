import { QueryClient } from '@tanstack/react-query';
import { queryRetryDelay, shouldRetryQuery } from '@/api/query-retry';
import type { SessionStore } from '@/api/session';
import { forgetEveryMemoryStore } from '@/lib/memory-store';

/**
 * The app's QueryClient: queries retry only network errors, 5xx and 429, at most twice, never a 4xx;
 * mutations never retry by themselves (they create or cancel things).
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        staleTime: 30_000,
        // Operators keep a tab open for hours; refetching on focus would hit the provider needlessly.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Keeps what the tab holds in step with the session, whatever ended it (the operator, a session limit,
 * a refused renewal, another tab):
 * - signed out, or signed in again as another operator (a re-authentication with someone else's token):
 *   everything the tab fetched is dropped, and every memory store (journal, recent lookups, draft,
 *   hand-offs: src/lib/memory-store.ts) is emptied, before the new operator sees anything;
 * - expired (a 401): calls in flight are cancelled and cached data, personal data included, is dropped,
 *   while the page itself stays mounted (typed form data lives in the forms, not in this cache);
 * - re-opened after an expiry by the same operator: the queries on screen run again.
 */
export function bindSessionCleanup(session: SessionStore, queryClient: QueryClient): () => void {
  let previous = session.getState();
  const forgetEverything = () => {
    void queryClient.cancelQueries();
    queryClient.clear();
    forgetEveryMemoryStore();
  };
  return session.subscribe(() => {
    const next = session.getState();
    const from = previous;
    previous = next;
    if (next.status === 'signed-out') {
      if (from.status !== 'signed-out') forgetEverything();
    } else if (from.status !== 'signed-out' && from.operator !== next.operator) {
      forgetEverything();
    } else if (next.status === 'expired' && from.status !== 'expired') {
      void queryClient.cancelQueries();
      for (const query of queryClient.getQueryCache().getAll()) query.reset();
      queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
    } else if (next.status === 'active' && from.status === 'expired') {
      void queryClient.refetchQueries({ type: 'active' });
    }
  });
}
