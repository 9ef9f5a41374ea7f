/**
 * The app's translator: a typed `t()` over nested text tables, with `{{name}}` interpolation,
 * `{{count, number}}` number formatting and `_zero`/`_one`/`_other` plurals through the Intl API. All the app
 * needs from an i18n library, in about one KiB instead of i18next's seventeen (decision 004).
 *
 * Headless: no React here. The hooks are in src/hooks/use-translation.ts.
 */

export const supportedLanguages = ['pt-BR', 'en'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/**
 * Filled in by the app (src/app/i18n/i18n.ts declares `sharedTexts`): the texts every module may use
 * (shell, errors). Declared here empty because lib sits below the app and cannot import its tables.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by the app
export interface Register {}

type SharedTexts = Register extends { sharedTexts: infer T } ? T : never;

/** `count_zero`, `count_one` and `count_other` are asked for as `count` (the count picks the form). */
type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'other'}` ? B : never;

/** Every dotted path to a text of table T: `title`, `rows.phone`, and `count` for `count_one`. */
export type TextPath<T> = {
  [K in keyof T & string]: T[K] extends string ? K | PluralBase<K> : `${K}.${TextPath<T[K]>}`;
}[keyof T & string];

/** The keys any module may translate: the shared texts. */
export type SharedKey = TextPath<SharedTexts>;

/** A namespace's keys, prefixed: `products.title`. */
export type NamespacedKey<N extends string, T> = `${N}.${TextPath<T>}`;

/** Interpolation values; `count` also picks the plural form. */
export interface TOptions {
  readonly count?: number;
  readonly [name: string]: string | number | undefined;
}

/** Translates one key; a key outside `Key` (typo, or a namespace whose texts the module did not import) fails tsc. */
export type TFunction<Key extends string = SharedKey> = (key: Key, options?: TOptions) => string;

/** What `useTranslation()` gives: `t` and the current language (stable objects per language). */
export interface Translation<Key extends string = SharedKey> {
  t: TFunction<Key>;
  i18n: {
    readonly language: SupportedLanguage;
    changeLanguage: (language: SupportedLanguage) => void;
  };
}

interface TextTable {
  readonly [key: string]: string | TextTable;
}

const tables: Record<SupportedLanguage, Record<string, string | TextTable>> = { 'pt-BR': {}, en: {} };
let current: SupportedLanguage = 'pt-BR';
const listeners = new Set<() => void>();

/**
 * Adds top-level sections to each language's table: the shared texts at start-up, a feature's texts
 * when its chunk is evaluated (src/hooks/use-translation.ts, `bindTexts`).
 */
export function addTexts(texts: Record<SupportedLanguage, object>): void {
  for (const language of supportedLanguages) Object.assign(tables[language], texts[language]);
}

export function getLanguage(): SupportedLanguage {
  return current;
}

/** Switches the language; every subscriber (each `useTranslation()`) re-renders. */
export function changeLanguage(language: SupportedLanguage): void {
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function lookup(language: SupportedLanguage, key: string): string | undefined {
  let node: string | TextTable | undefined = tables[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const numberFormats = new Map<SupportedLanguage, Intl.NumberFormat>();
const pluralRules = new Map<SupportedLanguage, Intl.PluralRules>();
function cached<T>(cache: Map<SupportedLanguage, T>, language: SupportedLanguage, make: () => T): T {
  let value = cache.get(language);
  if (value === undefined) cache.set(language, (value = make()));
  return value;
}

/**
 * A text the app asks for but does not have is a bug: in development and tests it throws (the screen's
 * error boundary shows it and the page test fails); in production the operator sees the key.
 */
function missing(what: string, shown: string): string {
  if (import.meta.env.DEV) throw new Error(`i18n: ${what}`);
  return shown;
}

/** The text of `key` in `language`, interpolated. */
export function translate(language: SupportedLanguage, key: string, options?: TOptions): string {
  const count = options?.count;
  let text: string | undefined;
  if (count !== undefined) {
    // `_zero` first for a count of 0 (as i18next does: "no application found" reads better than "0").
    const form = cached(pluralRules, language, () => new Intl.PluralRules(language)).select(count);
    text =
      (count === 0 ? lookup(language, `${key}_zero`) : undefined) ??
      lookup(language, `${key}_${form}`) ??
      lookup(language, `${key}_other`);
  }
  text ??= lookup(language, key);
  if (text === undefined) return missing(`no text for ${key} in ${language}`, key);
  if (!text.includes('{{')) return text;
  return text.replace(
    /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g,
    (placeholder, name: string, format?: string) => {
      const value = options?.[name];
      if (value === undefined) return missing(`${key}: no value for ${placeholder}`, placeholder);
      if (format === undefined) return String(value);
      if (format === 'number' && typeof value === 'number')
        return cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(value);
      return missing(`${key}: cannot format ${placeholder}`, String(value));
    },
  );
}
