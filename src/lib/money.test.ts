import fc from 'fast-check';
import { formatMoney, formatMoneyInput, parseMoneyInput, toReais, findFractionalBalance } from './money';
import { longText } from '@/test/arbitraries';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
const RUNS = { numRuns: 1000 };
/** Centavos whose reais part has at most 13 digits (what parseMoneyInput reads). */
const centavos = fc.integer({ min: 0, max: 999_999_999_999_99 });

describe('money', () => {
  it('reads amounts in centavos or reais', () => {
    expect(toReais(12345, 'centavos')).toBe(123.45);
    expect(toReais(12345, 'reais')).toBe(12345);
  });

  it('formats as Brazilian reais, negatives visible', () => {
    expect(nbsp(formatMoney(123456, 'centavos'))).toBe('R$ 1.234,56');
    expect(nbsp(formatMoney(-1000, 'centavos'))).toBe('-R$ 10,00');
    expect(nbsp(formatMoney(10, 'reais'))).toBe('R$ 10,00');
    expect(nbsp(formatMoney(123456, 'centavos', 'en'))).toBe('R$1,234.56');
  });
});

describe('parseMoneyInput', () => {
  it('reads pt-BR amounts, dot decimals, R$ and spaces', () => {
    expect(parseMoneyInput('1.234,56')).toBe(123456);
    expect(parseMoneyInput('1234,56')).toBe(123456);
    expect(parseMoneyInput('1234,5')).toBe(123450);
    expect(parseMoneyInput('1234')).toBe(123400);
    expect(parseMoneyInput('1234.56')).toBe(123456);
    expect(parseMoneyInput('1.234')).toBe(123400);
    expect(parseMoneyInput('R$ 6.500,00')).toBe(650000);
    expect(parseMoneyInput('\u00a0 0,01 ')).toBe(1);
  });

  it('refuses negatives, exponents, 30 digits and odd grouping (null, never a wrong amount)', () => {
    for (const input of [
      '',
      '-10,00',
      '-1.234,56',
      '1e309',
      '1E3',
      'Infinity',
      'NaN',
      '1'.repeat(30),
      `${'1'.repeat(30)},00`,
      '12.34.567',
      '1.23,45',
      '1,234',
      '1.234.56',
      '1,2,3',
      '0x10',
      '١٢٣', // Arabic-Indic digits
    ]) {
      expect(parseMoneyInput(input), input).toBeNull();
    }
  });

  it('round-trips with formatMoneyInput for every amount', () => {
    fc.assert(
      fc.property(centavos, (amount) => {
        const text = formatMoneyInput(amount);
        expect(text).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
        expect(parseMoneyInput(text)).toBe(amount);
        expect(parseMoneyInput(`R$ ${text}`)).toBe(amount);
        // the same amount written with a dot decimal and no grouping
        const plain = `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
        expect(parseMoneyInput(plain)).toBe(amount);
      }),
      RUNS,
    );
  });

  it('formats negatives with a sign that parse refuses', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_99, max: -1 }), (amount) => {
        const text = formatMoneyInput(amount);
        expect(text.startsWith('-')).toBe(true);
        expect(formatMoneyInput(-amount)).toBe(text.slice(1));
        expect(parseMoneyInput(text)).toBeNull();
      }),
      RUNS,
    );
  });

  it('answers null or a safe non-negative integer for any digit string (up to 30 digits)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 30 })
          .chain((length) =>
            fc.array(fc.constantFrom(...'0123456789'.split('')), { minLength: length, maxLength: length }),
          )
          .map((chars) => chars.join('')),
        (digits) => {
          const parsed = parseMoneyInput(digits);
          if (digits.length > 13) expect(parsed).toBeNull();
          else expect(parsed).toBe(Number(digits) * 100);
        },
      ),
      RUNS,
    );
  });

  it('never throws, answers fast, and only gives safe integers on arbitrary input (C6)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^-?[\d.,]{0,40}$/), longText),
        (input) => {
          const started = performance.now();
          const parsed = parseMoneyInput(input);
          // Linear time, not a stopwatch: backtracking on long input takes seconds; 50 ms failed on a loaded CI.
          expect(performance.now() - started).toBeLessThan(1000);
          if (parsed !== null) {
            expect(Number.isSafeInteger(parsed)).toBe(true);
            expect(parsed).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      RUNS,
    );
    for (const input of ['1.'.repeat(20), '1.000'.repeat(8), '1'.repeat(10_000), ' '.repeat(10_000)]) {
      const started = performance.now();
      parseMoneyInput(input);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('findFractionalBalance', () => {
  const account = (total: number, blocked = 0) => ({
    balance: { total, blocked, available: total - blocked },
  });

  it('names the first fractional balance under centavos, and accepts anything under reais', () => {
    const accounts = [account(152_035), account(-1520.35), account(10, 0.5)];
    expect(findFractionalBalance(accounts, 'centavos')).toEqual({
      index: 1,
      field: 'balance.total',
      value: -1520.35,
    });
    expect(findFractionalBalance(accounts, 'reais')).toBeNull();
    expect(findFractionalBalance([account(100, 50)], 'centavos')).toBeNull();
  });
});
