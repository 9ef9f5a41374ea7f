import fc from 'fast-check';
import { formatDigits, onlyDigits, patternCapacity, positionAfterDigits } from './digit-pattern';

describe('digit patterns', () => {
  it('fills a pattern progressively', () => {
    expect(formatDigits('', '___.___')).toBe('');
    expect(formatDigits('1', '___.___')).toBe('1');
    expect(formatDigits('123', '___.___')).toBe('123');
    expect(formatDigits('1234', '___.___')).toBe('123.4');
    expect(formatDigits('01310100', '_____-___')).toBe('01310-100');
  });

  it('keeps every digit, in order, up to the capacity', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,20}$/),
        fc.constantFrom('___.___.___-__', '_____-___', '__/__/____'),
        (digits, pattern) => {
          const formatted = formatDigits(digits, pattern);
          expect(onlyDigits(formatted)).toBe(digits.slice(0, patternCapacity(pattern)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('finds the caret position after the n-th digit', () => {
    expect(positionAfterDigits('529.982.247-25', 0)).toBe(0);
    expect(positionAfterDigits('529.982.247-25', 3)).toBe(3);
    expect(positionAfterDigits('529.982.247-25', 4)).toBe(5);
    expect(positionAfterDigits('529.982.247-25', 11)).toBe(14);
    expect(positionAfterDigits('529', 9)).toBe(3);
  });
});
