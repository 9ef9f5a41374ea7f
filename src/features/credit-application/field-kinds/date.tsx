import * as z from 'zod/mini';
import {
  ageOn,
  calendarDateOf,
  compareDates,
  normalizeBrDate,
  parseBrDate,
  toIsoDate,
} from '@/lib/calendar-dates';
import type { CalendarDate } from '@/lib/calendar-dates';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, describe, isBlank } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta, RuleContext } from './kind';

/**
 * A date as typed: `1/4/1988`, `01041988` and a pasted `1988-04-01` all read as 01/04/1988 (rewritten at
 * once when whole, or when the field is left), checked as it is left, sent as ISO. Not digit-masked: a
 * mask turned "1/4/1988" into "14/19/88".
 */
export type DateMeta = KindMeta<'date'>;
declare module './kind' {
  interface MetaByKind {
    date: DateMeta;
  }
}

function DateField({ name, meta }: FieldInputProps<DateMeta>) {
  const { read, write, trigger } = useTextValues();
  return (
    <FormText
      name={name}
      meta={meta}
      inputProps={{ inputMode: 'numeric' }}
      onBeforeChange={(event) => {
        // A whole date typed or pasted in another common form is rewritten at once.
        const normalized = normalizeBrDate(event.target.value);
        if (normalized === event.target.value.trim() || !parseBrDate(normalized)) return false;
        write(name, normalized, true);
        return true;
      }}
      onAfterBlur={() => {
        // Checked as it is left, not only on "Continuar".
        const value = read(name);
        if (value.trim() === '') return;
        write(name, normalizeBrDate(value));
        void trigger(name);
      }}
    />
  );
}

export const dateKind: FieldKind<DateMeta> = { Input: DateField, display: asTyped };

export function date(
  ctx: RuleContext,
  limits: { adult?: boolean; notFuture?: boolean },
  options: FieldOptions = {},
) {
  const schema = z.pipe(
    checked((value) => {
      if (isBlank(value)) return 'required';
      const parsed = parseBrDate(normalizeBrDate(value));
      const today = calendarDateOf(ctx.now());
      if (!parsed) return 'date';
      if (limits.adult) {
        if (compareDates(parsed, today) > 0) return 'date';
        if (ageOn(parsed, today) < 18) return 'adult';
        if (ageOn(parsed, today) > 130) return 'tooOld';
      }
      if (limits.notFuture && compareDates(parsed, today) > 0) return 'issuedInFuture';
      return null;
    }),
    z.transform((value) => {
      const parsed = parseBrDate(normalizeBrDate(value));
      return parsed ? toIsoDate(parsed) : value;
    }),
  );
  return describe(schema, { kind: 'date', md: 4, help: 'date', ...options });
}

/** A date of either form (the form's `DD/MM/AAAA` or a parsed ISO value), for checks across fields. */
export function anyDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  return parseBrDate(normalizeBrDate(value));
}
