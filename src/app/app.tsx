import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import type { Services } from '@/api/services';
import type { RuntimeConfig } from '@/config/config-schema';
import { removeFirstFrameStyles } from './first-frame/first-frame-takeover';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

interface AppProps {
  config: RuntimeConfig;
  /** createServices(): the HTTP client and the identity provider, made once by main.tsx. */
  services: Services;
  queryClient: QueryClient;
  /** createAppRouter(): created before the first render, so that a cold start renders sign-in at once. */
  router: AppRouter;
}

export function App({ config, services, queryClient, router }: AppProps) {
  // The first render has replaced the HTML's first frame: its CSS goes (first-frame-takeover.ts).
  useEffect(() => removeFirstFrameStyles(), []);
  return (
    <AppProviders config={config} services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
