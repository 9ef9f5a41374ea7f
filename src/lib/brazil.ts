import { getAreaCodeInfo } from '@brazilian-utils/brazilian-utils/get-area-code-info';
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';
import { isValidCep as libraryIsValidCep } from '@brazilian-utils/brazilian-utils/is-valid-cep';
import { onlyDigits } from './digit-pattern';

/**
 * Brazilian address and phone rules, on @brazilian-utils/brazilian-utils (docs/decisions/006-brazilian-rules.md).
 * Every function is total: it never throws on user input and answers false for anything odd.
 */

/** The 27 federative units (26 states and the Federal District), by code, alphabetically. */
export const UF_CODES: readonly string[] = getStates()
  .map((state) => state.code)
  .sort();

const UF_SET = new Set(UF_CODES);

export function isValidUf(value: string): boolean {
  return UF_SET.has(value);
}

/** A CEP: 8 digits, raw or written `00000-000` (surrounding spaces ignored). */
export function isValidCep(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length > 9 || !/^\d{5}-?\d{3}$/.test(trimmed)) return false;
  return libraryIsValidCep(trimmed);
}

/** `04101000` → `04101-000` (partial input formats as far as it goes). */
export function formatCep(value: string): string {
  const digits = onlyDigits(value).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** A DDD: one of Anatel's 67 area codes (11–99, not every number is one). */
export function isValidDdd(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\d{2}$/.test(trimmed)) return false;
  return getAreaCodeInfo(trimmed) !== null;
}

/**
 * A phone number without its DDD: 8 digits (landline, starting 2–5) or 9 digits (mobile, starting 9),
 * with or without the dash.
 */
export function isValidPhoneNumber(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length > 10 || !/^\d{4,5}-?\d{4}$/.test(trimmed)) return false;
  const digits = onlyDigits(trimmed);
  if (digits.length === 9) return digits.startsWith('9');
  return digits.length === 8 && /^[2-5]/.test(digits);
}

/** `987654321` → `98765-4321`, `33334444` → `3333-4444`. */
export function formatPhoneNumber(value: string): string {
  const digits = onlyDigits(value).slice(0, 9);
  if (digits.length <= 4) return digits;
  const split = digits.length === 9 ? 5 : 4;
  return `${digits.slice(0, split)}-${digits.slice(split)}`;
}

/**
 * What an operator typed or pasted into a phone's DDD or number field, read as a person would: a number
 * written with its area code ("(11) 98765-4321", "11987654321", "+55 11 98765-4321") is split into DDD
 * and number instead of being cut to fit one field. `partial` is text to leave as typed for now (an
 * international prefix or an opening parenthesis still being typed). Never drops a digit.
 */
export type PhoneTyping =
  | { kind: 'split'; ddd: string; number: string }
  | { kind: 'partial'; text: string }
  | { kind: 'plain'; digits: string };

export function readPhoneTyping(raw: string, field: 'ddd' | 'number'): PhoneTyping {
  const trimmed = raw.trim();
  let digits = onlyDigits(trimmed);
  const international = trimmed.startsWith('+');
  if (international) {
    if (digits.length < 2 || !digits.startsWith('55')) return { kind: 'partial', text: raw };
    digits = digits.slice(2);
  }
  // A number field holds at most 9 digits, so 10 or more carry a DDD; a DDD field holds 2.
  const holdsDdd = field === 'ddd' ? digits.length > 2 : digits.length >= 10;
  if (holdsDdd) return { kind: 'split', ddd: digits.slice(0, 2), number: digits.slice(2) };
  if (international || (field === 'number' && trimmed.startsWith('('))) return { kind: 'partial', text: raw };
  return { kind: 'plain', digits };
}
