// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  calendarDateOf,
  compareDates,
  isoToBrDate,
  normalizeBrDate,
  parseBrDate,
  toIsoDate,
} from './calendar-dates';
import { longText } from '@/test/arbitraries';

const RUNS = { numRuns: 1000 };
const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const br = (day: number, month: number, year: number) => `${pad(day)}/${pad(month)}/${pad(year, 4)}`;

/** Days in a month by the Gregorian rules, written out independently of the code under test. */
function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const realDate = fc
  .record({ year: fc.integer({ min: 1000, max: 9999 }), month: fc.integer({ min: 1, max: 12 }) })
  .chain(({ year, month }) =>
    fc.integer({ min: 1, max: daysIn(year, month) }).map((day) => ({ year, month, day })),
  );

describe('parseBrDate', () => {
  it('accepts every real calendar date written DD/MM/AAAA (spaces around ignored)', () => {
    fc.assert(
      fc.property(realDate, (date) => {
        expect(parseBrDate(br(date.day, date.month, date.year))).toEqual(date);
        expect(parseBrDate(` ${br(date.day, date.month, date.year)} `)).toEqual(date);
      }),
      RUNS,
    );
  });

  it('rejects days past the end of the month (31/02, 29/02 of common years, 31/04...)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 70 }),
        (year, month, extra) => {
          const day = Math.min(99, daysIn(year, month) + extra);
          expect(parseBrDate(br(day, month, year))).toBeNull();
        },
      ),
      RUNS,
    );
    expect(parseBrDate('31/02/1990')).toBeNull();
    expect(parseBrDate('29/02/1900')).toBeNull();
    expect(parseBrDate('29/02/2000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseBrDate('29/02/2023')).toBeNull();
    expect(parseBrDate('29/02/2024')).not.toBeNull();
  });

  it('rejects month 0 or 13+, day 0, unpadded parts and other separators', () => {
    fc.assert(
      fc.property(realDate, fc.integer({ min: 13, max: 99 }), (date, month) => {
        expect(parseBrDate(br(date.day, month, date.year))).toBeNull();
        expect(parseBrDate(br(date.day, 0, date.year))).toBeNull();
        expect(parseBrDate(br(0, date.month, date.year))).toBeNull();
        expect(parseBrDate(`${pad(date.day)}-${pad(date.month)}-${date.year}`)).toBeNull();
        expect(parseBrDate(toIsoDate(date))).toBeNull();
      }),
      RUNS,
    );
    for (const input of ['1/2/1990', '01/02/90', '', '01/02/1990x', '01/02/0999']) {
      expect(parseBrDate(input), input).toBeNull();
    }
  });

  it('round-trips with toIsoDate and isoToBrDate', () => {
    fc.assert(
      fc.property(realDate, (date) => {
        const iso = toIsoDate(date);
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(parseBrDate(isoToBrDate(iso))).toEqual(date);
      }),
      RUNS,
    );
    expect(isoToBrDate('not a date')).toBe('not a date');
  });

  it('never throws and answers fast on arbitrary input up to 10k characters (C6)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), longText), (input) => {
        const started = performance.now();
        const parsed = parseBrDate(input);
        expect(isoToBrDate(input)).toEqual(expect.any(String));
        // Linear time, not a stopwatch: backtracking on 10k characters takes seconds; 50 ms failed on a loaded CI.
        expect(performance.now() - started).toBeLessThan(1000);
        if (parsed) expect(parsed.day).toBeLessThanOrEqual(daysIn(parsed.year, parsed.month));
      }),
      RUNS,
    );
    for (const input of [
      '1'.repeat(10_000),
      `${'12/'.repeat(3_000)}2000`,
      `${' '.repeat(9_990)}01/01/2000`,
    ]) {
      const started = performance.now();
      parseBrDate(input);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('compareDates and ageOn (the clock is a parameter)', () => {
  it('orders dates as their ISO strings do', () => {
    fc.assert(
      fc.property(realDate, realDate, (a, b) => {
        expect(Math.sign(compareDates(a, b))).toBe(Math.sign(toIsoDate(a).localeCompare(toIsoDate(b))));
      }),
      RUNS,
    );
  });

  it('counts completed years: 18 on the 18th birthday, 17 the day before', () => {
    fc.assert(
      fc.property(
        realDate.filter((date) => date.year <= 9000 && !(date.month === 2 && date.day === 29)),
        fc.integer({ min: 0, max: 130 }),
        (birth, years) => {
          const birthday = { ...birth, year: birth.year + years };
          expect(ageOn(birth, birthday)).toBe(years);
          const dayBefore =
            birth.day > 1
              ? { ...birthday, day: birth.day - 1 }
              : birth.month > 1
                ? { year: birthday.year, month: birth.month - 1, day: daysIn(birthday.year, birth.month - 1) }
                : { year: birthday.year - 1, month: 12, day: 31 };
          expect(ageOn(birth, dayBefore)).toBe(years - 1);
        },
      ),
      RUNS,
    );
  });

  it('takes today from an injected Date', () => {
    expect(calendarDateOf(new Date(2024, 1, 29, 23, 59))).toEqual({ year: 2024, month: 2, day: 29 });
  });
});

describe('normalizeBrDate', () => {
  it('reads dates as operators type or paste them', () => {
    for (const typed of ['1/4/1988', '01/04/1988', '01041988', '1988-04-01', ' 1-4-1988 ', '1.4.1988'])
      expect(normalizeBrDate(typed)).toBe('01/04/1988');
  });
  it('leaves anything else for the check to refuse (nothing cut)', () => {
    for (const typed of ['14/19/88', '0104198', '1988/04/01', 'ontem', '01/04/19888'])
      expect(normalizeBrDate(typed)).toBe(typed.trim());
  });
});
