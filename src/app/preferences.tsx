import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import type { SupportedLanguage } from './i18n/i18n';
import type { ColorMode, ColorScheme } from './theme';

interface Preferences {
  language: SupportedLanguage;
  setLanguage: (language: SupportedLanguage) => void;
  /** The scheme on screen: the operator's pick, else the system's. */
  colorMode: ColorMode;
  /** What the theme draws: the operator's pick, or the system's scheme, which CSS follows by itself. */
  colorScheme: ColorScheme;
  setColorMode: (mode: ColorMode) => void;
  /** The system asks for less motion (`prefers-reduced-motion: reduce`). */
  reduceMotion: boolean;
}

const PreferencesContext = createContext<Preferences | null>(null);

/**
 * Language and colour mode. Kept in memory like everything else: the defaults (pt-BR, the system's
 * colour scheme) come back on reload.
 *
 * The system's colour scheme needs no render at all: CSS follows it (theme.ts); only the theme button's
 * label reads it. Both media queries are read in the first render (`noSsr`: nothing is hydrated), so
 * that the theme is made once at start-up, not again a render later.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [chosenMode, setColorMode] = useState<ColorMode | null>(null);
  // The language lives in the translator (src/lib/i18n.ts): changing it re-renders every text.
  const { language, changeLanguage } = i18n;
  const colorMode = chosenMode ?? (prefersDark ? 'dark' : 'light');

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo<Preferences>(
    () => ({
      language,
      setLanguage: changeLanguage,
      colorMode,
      colorScheme: chosenMode ?? 'system',
      setColorMode,
      reduceMotion,
    }),
    [language, changeLanguage, colorMode, chosenMode, reduceMotion],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const preferences = useContext(PreferencesContext);
  if (!preferences) throw new Error('usePreferences outside PreferencesProvider');
  return preferences;
}
