// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, formatCpf, isValidCpf } from './cpf';
import { onlyDigits } from './digit-pattern';

const digitChar = fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
const nineDigits = fc
  .array(digitChar, { minLength: 9, maxLength: 9 })
  .map((chars) => chars.join(''))
  .filter((digits) => !/^(\d)\1*$/.test(digits));
const validCpf = nineDigits.map((nine) => `${nine}${cpfCheckDigits(nine)}`);
const spaces = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\u00a0'), { maxLength: 4 })
  .map((chars) => chars.join(''));

describe('cpfCheckDigits', () => {
  it('computes the check digits of known CPFs', () => {
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(cpfCheckDigits('111444777')).toBe('35');
  });

  it('refuses anything but nine digits', () => {
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cpfCheckDigits('12345678a')).toThrow(RangeError);
  });
});

describe('isValidCpf', () => {
  it('accepts known valid CPFs, raw and masked', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('  529.982.247-25 ')).toBe(true);
  });

  it('rejects wrong lengths, letters, all-equal digits and broken masks', () => {
    for (const input of [
      '',
      '5299822472',
      '529982247250',
      '5299822472a',
      '11111111111',
      '000.000.000-00',
      '529-982-247.25',
      '529..982247-25',
      '5 29982247 25',
    ]) {
      expect(isValidCpf(input), input).toBe(false);
    }
  });

  it('accepts every generated valid CPF raw, masked or padded with whitespace', () => {
    fc.assert(
      fc.property(validCpf, spaces, spaces, (cpf, before, after) => {
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
        expect(isValidCpf(`${before}${cpf}${after}`)).toBe(true);
        expect(isValidCpf(`${before}${formatCpf(cpf)}${after}`)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects a CPF with one check digit changed', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.constantFrom(9, 10),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, shift) => {
          const changed = (Number(cpf[position]) + shift) % 10;
          const broken = `${cpf.slice(0, position)}${changed}${cpf.slice(position + 1)}`;
          expect(isValidCpf(broken)).toBe(false);
          expect(isValidCpf(formatCpf(broken))).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (input) => {
        expect(typeof isValidCpf(input)).toBe('boolean');
        expect(typeof formatCpf(input)).toBe('string');
        expect(onlyDigits(input)).toMatch(/^\d*$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('answers quickly on inputs of 10k characters', () => {
    const hostile: string[] = [
      '1'.repeat(10_000),
      `${' '.repeat(5_000)}x${' '.repeat(5_000)}`,
      '1.'.repeat(5_000),
      '529.982.247-25'.repeat(700),
      `${' '.repeat(9_990)}52998224725`,
    ];
    // A fixed seed keeps the run reproducible; the point is size, not variety.
    hostile.push(
      ...fc.sample(fc.string({ minLength: 10_000, maxLength: 10_000 }), { numRuns: 20, seed: 42 }),
    );
    for (const input of hostile) {
      const started = performance.now();
      isValidCpf(input);
      formatCpf(input);
      onlyDigits(input);
      // Linear time, not a stopwatch: backtracking on long input takes seconds; 50 ms failed on a loaded CI.
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('formatCpf', () => {
  it('formats progressively', () => {
    expect(formatCpf('')).toBe('');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('529982')).toBe('529.982');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529982247251234')).toBe('529.982.247-25');
    expect(formatCpf(' 529.982.247-25 ')).toBe('529.982.247-25');
  });

  it('round-trips with onlyDigits', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(onlyDigits(formatCpf(cpf))).toBe(cpf);
      }),
    );
  });
});
