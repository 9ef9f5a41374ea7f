/**
 * Dates typed as `DD/MM/AAAA` (what operators read on paper documents), checked against the calendar and
 * sent as ISO `AAAA-MM-DD`. Pure and total: odd input gives null, never an exception.
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (UTC: no time-zone or DST surprises).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `31/12/1990` → {1990, 12, 31}; `31/02/1990`, `1/2/1990` or anything else → null. */
export function parseBrDate(input: string): CalendarDate | null {
  const match = BR_DATE.exec(input.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** {1990, 12, 31} → `1990-12-31`. */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** `1990-12-31` → `31/12/1990` (for showing a stored ISO date); anything else comes back unchanged. */
export function isoToBrDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** The calendar date of `now` in the operator's time zone. */
export function calendarDateOf(now: Date): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Completed years between `birth` and `today` (a 29 February birthday counts on 1 March in common years). */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  let age = today.year - birth.year;
  if (today.month < birth.month || (today.month === birth.month && today.day < birth.day)) age -= 1;
  return age;
}

/**
 * A date as an operator types or pastes it, in the form `parseBrDate` reads: `1/4/1988` → `01/04/1988`,
 * `01041988` → `01/04/1988`, `1988-04-01` (ISO, as pasted from a system) → `01/04/1988`. Anything else
 * comes back trimmed and unchanged, for the check to refuse with a message (never silently cut).
 */
export function normalizeBrDate(input: string): string {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${pad(Number(iso[3]), 2)}/${pad(Number(iso[2]), 2)}/${iso[1] ?? ''}`;
  const separated = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (separated)
    return `${pad(Number(separated[1]), 2)}/${pad(Number(separated[2]), 2)}/${separated[3] ?? ''}`;
  const packed = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (packed) return `${packed[1] ?? ''}/${packed[2] ?? ''}/${packed[3] ?? ''}`;
  return text;
}
