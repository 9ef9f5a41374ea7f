/** The shape of a text table with every string widened to `string` (what a translation must match). */
export type TextShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : TextShape<T[K]> };

/**
 * A feature's UI texts in both languages. The Portuguese table is the reference: the English one must
 * have exactly the same keys (the compiler checks it). The feature registers them under its namespace
 * key with `bindTexts` (src/hooks/use-translation.ts), in its own chunk.
 */
export function defineTexts<const T>(ptBR: T, en: TextShape<T>): { 'pt-BR': T; en: TextShape<T> } {
  return { 'pt-BR': ptBR, en };
}
