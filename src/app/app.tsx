import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import type { Services } from '@/api/services';
import type { RuntimeConfig } from '@/config/config-schema';
import { AppProviders } from './providers';

interface AppProps {
  config: RuntimeConfig;
  /** createServices(): the HTTP client and the identity provider, made once by main.tsx. */
  services: Services;
  queryClient: QueryClient;
  /**
   * createAppRouter(): created before the first render, so that a cold start renders sign-in at once. The
   * build's prerender of the first frame passes a static router at the same address (render-first-frames.tsx).
   */
  router: DataRouter;
  /** Once the first render is on screen (hydrated, or rendered): main.tsx hands it what was pressed before. */
  onStarted?: () => void;
}

/**
 * The whole app. The HTML's first frame is this very tree prerendered (src/app/first-frame/), so that the
 * first render in the browser hydrates it: the same nodes, nothing painted twice.
 */
export function App({ config, services, queryClient, router, onStarted }: AppProps) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <AppProviders config={config} services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
