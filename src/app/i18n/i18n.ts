import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';

export const supportedLanguages = ['pt-BR', 'en'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/**
 * One i18next instance, initialised synchronously with bundled resources (no network, no language
 * detector: pt-BR is the default and the choice stays in memory, like everything else in this app).
 */
export function initI18n(language: SupportedLanguage = 'pt-BR') {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'pt-BR',
      supportedLngs: [...supportedLanguages],
      // React escapes text itself; API text is never rendered as HTML.
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}
