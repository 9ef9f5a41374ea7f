/** Registers the shared texts (pt-BR and English) in the entry and sets the start-up language. */
import { addTexts, changeLanguage, type SupportedLanguage } from '@/lib/i18n';
import { en } from './en';
import { ptBR } from './pt-br';

export { supportedLanguages, type SupportedLanguage } from '@/lib/i18n';

declare module '@/lib/i18n' {
  /** The shared texts (shell, errors) type every `t`; each feature adds its own with `bindTexts`. */
  interface Register {
    sharedTexts: typeof ptBR;
  }
}

// The shared texts are part of the entry: the shell, sign-in and error pages use them before any
// feature's chunk has loaded. Each feature's texts come with its chunk (src/hooks/use-translation.ts).
addTexts({ 'pt-BR': ptBR, en });

/** Sets the language (pt-BR by default; the choice stays in memory, like everything else in this app). */
export function initI18n(language: SupportedLanguage = 'pt-BR') {
  changeLanguage(language);
}
