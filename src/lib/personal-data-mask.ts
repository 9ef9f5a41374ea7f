/**
 * What leaves the screen for a file or a support ticket ("no personal data") without anything that can
 * carry a CPF or a name: the provider's free texts and what an operator pasted are not trusted to hold
 * none. Pure; used by the batch's masked CSV and by "Detalhes técnicos".
 */

/** A CPF written any usual way (529.982.247-25, 52998224725, 529 982 247 25) or any longer digit run. */
const CPF_LIKE = /\d{11,}|\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s]?\d{2}/g;

/** `text` with every CPF-like digit run masked (its digits as `*`, its punctuation kept). */
export function maskCpfRuns(text: string): string {
  return text.replace(CPF_LIKE, (run) => run.replace(/\d/g, '*'));
}

/**
 * A line an operator pasted that is no CPF: it may be a name or a CPF with a typo. Every letter masked,
 * and every digit but the last four (as the screen masks a CPF); spaces and punctuation kept, so the
 * line's shape still says what went wrong (too short, a letter among digits).
 */
export function maskPastedLine(text: string): string {
  const digits = text.replace(/\D/g, '').length;
  let seen = 0;
  return text.replace(/[\p{L}\p{N}]/gu, (character) => {
    if (!/\d/.test(character)) return '*';
    seen += 1;
    return seen > digits - 4 ? character : '*';
  });
}

/** A key or a reason phrase that says what a value is, not whose: a plain name, no long digit run. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const REASON_PHRASE = /^[A-Za-z][A-Za-z '-]{0,63}$/;

/**
 * The provider's Error object for support, holding nothing that can carry personal data: `statusCode`
 * and `error` (a reason phrase such as "Bad Request") as sent; every other text (`message`, extra
 * fields) replaced by `omitted`; numbers of more than 9 digits omitted (a CPF as a number); keys kept
 * only when plain names. The structure (which fields, lists, how many) stays for support to read.
 */
export function errorObjectForSupport(value: unknown, omitted: string, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Math.abs(value) < 1e9 ? value : omitted;
  if (typeof value === 'string') return omitted;
  if (depth >= 4) return omitted;
  if (Array.isArray(value)) return value.map((item) => errorObjectForSupport(item, omitted, depth + 1));
  if (typeof value !== 'object') return omitted;
  const safe: Record<string, unknown> = {};
  let unnamed = 0;
  for (const [key, item] of Object.entries(value)) {
    const name = PLAIN_NAME.test(key) && !/\d{4,}/.test(key) ? key : `${omitted} ${++unnamed}`;
    safe[name] =
      depth === 0 && key === 'error' && typeof item === 'string' && REASON_PHRASE.test(item)
        ? item
        : errorObjectForSupport(item, omitted, depth + 1);
  }
  return safe;
}
