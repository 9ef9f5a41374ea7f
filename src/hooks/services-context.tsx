/** The services made once at start-up (HTTP client, identity provider), handed down by context. */
import { createContext, useContext, type ReactNode } from 'react';
import type { Services } from '@/api/services';

const ServicesContext = createContext<Services | null>(null);

/** Hands the services made at start-up (`createServices`, src/api/services.ts) to every screen. */
export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The app's services: the HTTP client for the query-options factories and mutations, the identity provider. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
