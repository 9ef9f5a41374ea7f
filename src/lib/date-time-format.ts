/**
 * Moments (not calendar dates: those are src/lib/calendar-dates.ts) as the interface language writes them. Its own
 * module, small, because sign-in uses it before its first paint.
 */
/**
 * A moment as the interface language writes it: day and time ("26/11/2026, 14:05"), with seconds where a
 * receipt needs them (`timeStyle: 'medium'`). The one place the app formats a moment.
 */
export function formatDateTime(
  moment: Date | number,
  language: string,
  timeStyle: 'short' | 'medium' = 'short',
): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle }).format(moment);
}

/** The time of day alone ("14:05"), for what happens today (the session's end). */
export function formatTime(moment: Date | number, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(moment);
}
