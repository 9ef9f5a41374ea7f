import { useSyncExternalStore } from 'react';
import {
  addTexts,
  changeLanguage,
  getLanguage,
  subscribeLanguage,
  translate,
  type NamespacedKey,
  type SharedKey,
  type SupportedLanguage,
  type Translation,
} from '@/lib/i18n';
import type { TextShape } from '@/lib/texts';

/** One `t` and one `i18n` per language, so that memos and effects depending on them change only with it. */
const translations = new Map<SupportedLanguage, Translation<string>>();
function translationFor(language: SupportedLanguage): Translation<string> {
  let translation = translations.get(language);
  if (!translation) {
    translation = {
      t: (key, options) => translate(language, key, options),
      i18n: { language, changeLanguage },
    };
    translations.set(language, translation);
  }
  return translation;
}

/** The shared texts (shell, errors) in the current language; re-renders when the language changes. */
export function useTranslation(): Translation {
  return translationFor(useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage));
}

/**
 * A feature's `useTranslation`: registers the feature's texts under `namespace` when the module calling
 * this is evaluated, which is when the feature's chunk loads, before any of its components renders (no
 * flash of keys). Its `t` takes the shared keys plus `namespace.*`; a key of another feature fails tsc,
 * because that feature's texts may not have loaded.
 */
export function bindTexts<const N extends string, T>(
  namespace: N,
  texts: { 'pt-BR': T; en: TextShape<T> },
): () => Translation<SharedKey | NamespacedKey<N, T>> {
  addTexts({ 'pt-BR': { [namespace]: texts['pt-BR'] }, en: { [namespace]: texts.en } });
  return function useFeatureTranslation() {
    return translationFor(useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage));
  };
}
