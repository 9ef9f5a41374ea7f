/** Part of a value, as a test states it: objects and rows by key or index, each leaf replaced. */
export type Overrides<T> = T extends readonly (infer Row)[]
  ? ReadonlyArray<Overrides<Row>>
  : T extends object
    ? { [Key in keyof T]?: Overrides<T[Key]> }
    : T;

const isTree = (node: unknown): node is { [key: string]: unknown } | unknown[] =>
  typeof node === 'object' && node !== null;

/**
 * `base` with `overrides` laid over it, leaf by leaf: objects by key, rows by index (a row beyond
 * `base`'s starts as a copy of its first). For fixtures made of examples that a test changes in part.
 */
export function overlay(base: unknown, overrides: unknown): unknown {
  if (!isTree(overrides) || !isTree(base)) return overrides === undefined ? base : overrides;
  if (Array.isArray(overrides)) {
    const rows = Array.isArray(base) ? base : [];
    return Array.from({ length: Math.max(rows.length, overrides.length) }, (_, index) =>
      overlay(index < rows.length ? rows[index] : structuredClone(rows[0]), overrides[index]),
    );
  }
  if (Array.isArray(base)) return overrides;
  const merged: { [key: string]: unknown } = { ...base };
  for (const [key, value] of Object.entries(overrides)) merged[key] = overlay(base[key], value);
  return merged;
}
