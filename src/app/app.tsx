import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@/config/config-schema';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

interface AppProps {
  config: RuntimeConfig;
  queryClient: QueryClient;
}

export function App({ config, queryClient }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
