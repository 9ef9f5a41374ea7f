import { formatDigits, onlyDigits } from './digit-pattern';

/**
 * CPF helpers: pure, total (never throw on user input) and linear in the input length.
 * The regexes below have no nested or adjacent unbounded quantifiers, so no input can make them backtrack.
 */

const CPF_LENGTH = 11;
// Longest accepted written form: "000.000.000-00".
const MASKED_LENGTH = 14;
// Raw digits, or the mask with each punctuation mark optional ("000.000.000-00", "000000000-00"...).
const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** The CPF's mask: `_` is a digit (src/lib/digit-pattern.ts). */
export const CPF_PATTERN = '___.___.___-__';

function checkDigit(digits: string): number {
  // Weights run from digits.length + 1 down to 2 (mod-11, Receita Federal).
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[index]) * (digits.length + 1 - index);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * The two check digits of a CPF whose first nine digits are `nineDigits`.
 * Throws a RangeError unless `nineDigits` is exactly nine ASCII digits: it is meant for generating CPFs,
 * not for validating user input (use `isValidCpf` for that).
 */
export function cpfCheckDigits(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError('cpfCheckDigits expects exactly 9 digits');
  const first = checkDigit(nineDigits);
  const second = checkDigit(`${nineDigits}${first}`);
  return `${first}${second}`;
}

/**
 * True when `input` is a CPF: 11 digits, raw or written as "000.000.000-00", surrounding whitespace
 * ignored, with matching check digits and not all digits equal (those pass mod-11 but are never issued).
 */
export function isValidCpf(input: string): boolean {
  const trimmed = input.trim();
  // Length check first so that a huge paste costs one trim and nothing more.
  if (trimmed.length < CPF_LENGTH || trimmed.length > MASKED_LENGTH) return false;
  if (!CPF_SHAPE.test(trimmed)) return false;
  const digits = onlyDigits(trimmed);
  if (/^(\d)\1*$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/**
 * Formats the digits of `input` as "000.000.000-00". Partial input is formatted as far as it goes
 * ("5299" → "529.9"), so it can drive a masked input; digits beyond the eleventh are dropped.
 */
export function formatCpf(input: string): string {
  return formatDigits(onlyDigits(input).slice(0, CPF_LENGTH), CPF_PATTERN);
}
