/**
 * The name printed on a card: upper-case A–Z and single spaces, within the embosser's length. Suggested
 * from the full name with accents removed; when too long, middle names become initials and connectors
 * (da, de, dos…) go, then initials go, and only then is the name cut.
 */

const CONNECTORS = new Set(['DA', 'DAS', 'DE', 'DI', 'DO', 'DOS', 'DU', 'E', 'D']);

/** Typographic apostrophes (’ ‘ ʼ `) as the plain one, so "D’Ávila" and "D'Ávila" are the same name. */
export function normalizeApostrophes(input: string): string {
  return input.replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'");
}

/**
 * Removes accents and anything that is not A–Z, a space or an apostrophe between letters; upper-case;
 * single spaces; trimmed.
 */
export function toPrintable(input: string): string {
  return normalizeApostrophes(input)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z' ]+/g, ' ')
    .replace(/'+/g, "'")
    .replace(/(^|[^A-Z])'|'(?=[^A-Z]|$)/g, '$1 ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Whether `value` can be printed as it is: A–Z words (an apostrophe may join letters, as in D'AVILA) with
 * single inner spaces, 1..maxLength characters.
 */
export function isValidPrintedName(value: string, maxLength: number): boolean {
  if (value.length === 0 || value.length > maxLength) return false;
  return /^[A-Z]+(?:'[A-Z]+)*(?: [A-Z]+(?:'[A-Z]+)*)*$/.test(value);
}

/** A printable name for `fullName` of at most `maxLength` characters ('' when nothing printable is left). */
export function suggestPrintedName(fullName: string, maxLength: number): string {
  const printable = toPrintable(fullName.slice(0, 500));
  if (printable.length <= maxLength) return printable;
  const words = printable.split(' ');
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  const middle = words.slice(1, -1).filter((word) => !CONNECTORS.has(word));
  const candidates = [
    [first, ...middle.map((word) => word[0] ?? ''), last],
    [first, last],
  ].map((parts) => parts.filter((part) => part !== '').join(' '));
  const fits = candidates.find((candidate) => candidate.length <= maxLength);
  if (fits) return fits;
  return (candidates[candidates.length - 1] ?? printable).slice(0, maxLength).trim();
}
