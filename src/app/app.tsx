import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@/config/config-schema';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

interface AppProps {
  config: RuntimeConfig;
  queryClient: QueryClient;
  /** createAppRouter(): created before the first render, so that a cold start renders sign-in at once. */
  router: AppRouter;
}

export function App({ config, queryClient, router }: AppProps) {
  return (
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
