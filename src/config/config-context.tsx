import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from './config-schema';

const ConfigContext = createContext<RuntimeConfig | null>(null);

export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The validated runtime configuration (read from /config.json before the first render). */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside ConfigProvider');
  return config;
}
