/**
 * Digit patterns for the eye: `_` is a digit, anything else a literal shown between digits
 * (`___.___.___-__` for a CPF). Pure functions, used by the masked inputs and tests.
 */
export type DigitPattern = string | ((digits: string) => string);

export function patternFor(pattern: DigitPattern, digits: string): string {
  return typeof pattern === 'function' ? pattern(digits) : pattern;
}

/** How many digits a pattern holds. */
export function patternCapacity(pattern: string): number {
  let count = 0;
  for (const char of pattern) if (char === '_') count += 1;
  return count;
}

/**
 * Fills the pattern with the digits, progressively: literals appear only between digits, so
 * `529982` gives `529.982` and never a dangling `529.982.`.
 */
export function formatDigits(digits: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === '_') {
      out += digits.charAt(next);
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** The position just after the n-th digit of a formatted text (0 → before everything). */
export function positionAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted.charAt(index))) {
      seen += 1;
      if (seen === n) return index + 1;
    }
  }
  return formatted.length;
}

/** Keeps only the ASCII digits: the one digit filter of the app (masks, CPF, CEP, phones, search). */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}
