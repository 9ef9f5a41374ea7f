import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import type { Services } from '@/api/services';
import type { RuntimeConfig } from '@/config/config-schema';
import { AppProviders } from './providers';

interface AppProps {
  config: RuntimeConfig;
  /** createServices(): the HTTP client and the identity provider, made once by main.tsx. */
  services: Services;
  queryClient: QueryClient;
  /** createAppRouter(): created before the first render, so that a cold start renders sign-in at once. */
  router: DataRouter;
}

/** The whole app: its first render replaces index.html's still shell. */
export function App({ config, services, queryClient, router }: AppProps) {
  return (
    <AppProviders config={config} services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
