import type { ConfigLabel } from './config-schema';

/** A config label in the UI language; a plain string is the same in every language. */
export function localizeLabel(label: ConfigLabel, language: string): string {
  if (typeof label === 'string') return label;
  return language.startsWith('en') ? label.en : label['pt-BR'];
}
