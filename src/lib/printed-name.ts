/**
 * The name printed on a card: upper-case A–Z and single spaces (an apostrophe may join letters), within
 * the embosser's length. Suggested from the full name with accents removed; when too long, middle names
 * become initials and connectors (da, de, dos…) go, then initials go, then the first or last name
 * becomes its initial (then both), and only then (one word longer than the card) is the name cut.
 * Typed by hand, each word is one of the full name's words or its initial.
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
 * What the printed name's field holds as the operator types `input`: accents removed and letters
 * upper-cased (D'ÁVILA becomes D'AVILA), typographic apostrophes straightened, a period dropped (initials
 * are printed without one: "S." is "S") and a hyphen made a space (the embosser has none). Character by
 * character, so that the caret's place is the length of what this makes of the text before it; other
 * characters stay, for the field's message to name them.
 */
export function toPrintedTyping(input: string): string {
  return normalizeApostrophes(input)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/-/g, ' ');
}

/** A word compared without its apostrophes (D'AVILA and DAVILA are the same word). */
const wordKey = (word: string) => word.replace(/'/g, '');

/**
 * The first word of `printed` that is neither a word of `fullName` nor the initial of one (accents and
 * case ignored; each of the full name's words used once), or null when every word is. So a name typed
 * into the suggestion ("JOSE SILVAJOSE S"), or typed twice, is caught whatever its length. Null when
 * the full name has no printable word (its own field says what is wrong).
 */
export function foreignPrintedWord(printed: string, fullName: string): string | null {
  const available = toPrintable(fullName.slice(0, 500)).split(' ').filter(Boolean).map(wordKey);
  if (available.length === 0) return null;
  const words = toPrintable(printed.slice(0, 500)).split(' ').filter(Boolean);
  const take = (matches: (candidate: string) => boolean) => {
    const index = available.findIndex(matches);
    if (index >= 0) available.splice(index, 1);
    return index >= 0;
  };
  // Whole words first, then initials: an initial may stand for any word left with its letter.
  const unmatched = words.filter((word) => !take((candidate) => candidate === wordKey(word)));
  return unmatched.find((word) => word.length !== 1 || !take((candidate) => candidate[0] === word)) ?? null;
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
    // A first or last name too long for both: its initial (a word cut short is no word of the name).
    [first[0] ?? '', last],
    [first, last[0] ?? ''],
    [first[0] ?? '', last[0] ?? ''],
  ].map((parts) => parts.filter((part) => part !== '').join(' '));
  const fits = candidates.find((candidate) => candidate.length <= maxLength);
  if (fits) return fits;
  return (candidates[candidates.length - 1] ?? printable).slice(0, maxLength).trim();
}
