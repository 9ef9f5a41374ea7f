/** The shape of a text table with every string widened to `string` (what a translation must match). */
export type TextShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : TextShape<T[K]> };

/**
 * A feature's UI texts in both languages. The Portuguese table is the reference: the English one must
 * have exactly the same keys (the compiler checks it). The app merges every feature's texts into the
 * i18n resources under the feature's namespace key (src/app/i18n/resources.ts).
 */
export function defineTexts<const T>(ptBR: T, en: TextShape<T>): { 'pt-BR': T; en: TextShape<T> } {
  return { 'pt-BR': ptBR, en };
}
