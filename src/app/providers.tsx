import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { Services } from '@/api/services';
import type { RuntimeConfig } from '@/config/config-schema';
import { ConfigProvider } from '@/config/config-context';
import { ToastProvider } from '@/components/toast-provider';
import { ServicesProvider } from '@/hooks/services-context';
import { PreferencesProvider, usePreferences } from './preferences';
import { autofillKeyframes, createAppTheme, type ColorScheme } from './theme';

interface AppThemeProps {
  colorScheme: ColorScheme;
  language: string;
  reduceMotion: boolean;
  children: ReactNode;
}

/** The theme and the global styles of every screen. */
function AppTheme({ colorScheme, language, reduceMotion, children }: AppThemeProps) {
  const theme = useMemo(
    () => createAppTheme(colorScheme, language, reduceMotion),
    [colorScheme, language, reduceMotion],
  );
  return (
    // No storage: the colour mode lives in memory like every preference (MUI would keep it in localStorage).
    <ThemeProvider theme={theme} storageManager={null}>
      <CssBaseline enableColorScheme />
      <GlobalStyles styles={autofillKeyframes} />
      {children}
    </ThemeProvider>
  );
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { colorScheme, language, reduceMotion } = usePreferences();
  return (
    <AppTheme colorScheme={colorScheme} language={language} reduceMotion={reduceMotion}>
      {children}
    </AppTheme>
  );
}

interface AppProvidersProps {
  config: RuntimeConfig;
  services: Services;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen needs around it: config, services, server state, preferences, theme, toasts. */
export function AppProviders({ config, services, queryClient, children }: AppProvidersProps) {
  return (
    <ConfigProvider config={config}>
      <ServicesProvider services={services}>
        <QueryClientProvider client={queryClient}>
          <PreferencesProvider>
            <ThemedApp>
              <ToastProvider>{children}</ToastProvider>
            </ThemedApp>
          </PreferencesProvider>
        </QueryClientProvider>
      </ServicesProvider>
    </ConfigProvider>
  );
}
