// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isValidCnpjDigits } from './cnpj';

describe('cnpjCheckDigits', () => {
  it('matches known valid CNPJs', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    // Banco do Brasil's head office.
    expect(cnpjCheckDigits('000000000001')).toBe('91');
    expect(isValidCnpjDigits('11222333000181')).toBe(true);
  });

  it('rejects a changed check digit, wrong length and repeated digits', () => {
    expect(isValidCnpjDigits('11222333000182')).toBe(false);
    expect(isValidCnpjDigits('1122233300018')).toBe(false);
    expect(isValidCnpjDigits('11111111111111')).toBe(false);
    expect(() => cnpjCheckDigits('1')).toThrow(RangeError);
  });
});
