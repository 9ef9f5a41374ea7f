/**
 * CNPJ check digits, used only to seed account tax ids that a real validator would accept.
 * Kept in the sandbox: the app itself never validates a CNPJ.
 */
function checkDigit(digits: string): number {
  // Weights cycle 2..9 from the rightmost digit (Receita Federal).
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const weight = ((digits.length - 1 - index) % 8) + 2;
    sum += Number(digits[index]) * weight;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The two check digits of a CNPJ whose first twelve digits are `twelveDigits`. */
export function cnpjCheckDigits(twelveDigits: string): string {
  if (!/^\d{12}$/.test(twelveDigits)) throw new RangeError('cnpjCheckDigits expects exactly 12 digits');
  const first = checkDigit(twelveDigits);
  const second = checkDigit(`${twelveDigits}${first}`);
  return `${first}${second}`;
}

/** True when `digits` is 14 digits with matching check digits. */
export function isValidCnpjDigits(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  return cnpjCheckDigits(digits.slice(0, 12)) === digits.slice(12);
}
