import * as z from 'zod/mini';

/**
 * A field array (phones, addresses, additional cards): rows of the same fields, at least `min`, at most
 * `max`. `field-array-section.tsx` draws it; `review-rows.ts` reads each row with `summary`.
 */

export type RowItem = 'phone' | 'address' | 'card';

/** One row as the review (and a printed summary) reads it, field by field (keys checked by tsc). */
export interface RowView<Key extends string = string> {
  /** A field's display (its kind's: an option's label, a formatted CEP). */
  shown: (key: Key) => string;
  /** A field's value as typed. */
  typed: (key: Key) => unknown;
  /** A field's own label. */
  label: (key: Key) => string;
}

export interface RowsMeta {
  item: RowItem;
  /** The fields of one row: a zod object (stored as data; `rowSchemaOf` gives it back typed). */
  row: unknown;
  /** Rows in a blank form; a row can be removed only while more than `min` remain. */
  min: number;
  max: number;
  /** The key of the row's flag that exactly one row holds (the mailing address). */
  exclusiveFlag?: string;
  /** The row's lines on the review; by default "label: value" for each field. */
  summary?: (row: RowView) => string[];
}

/** The UI description of every field array schema. */
export const rowsMeta = z.registry<RowsMeta>();

/** The object schema of one row. */
export function rowSchemaOf(rows: RowsMeta): z.ZodMiniObject {
  if (rows.row instanceof z.ZodMiniObject) return rows.row;
  throw new Error('A field array without a row object.');
}

interface RowsOptions<Row extends z.ZodMiniObject> {
  item: RowItem;
  min: number;
  max: number;
  /** One of the row's fields (`address.shape.enderecocorrespondencia`): exactly one row holds it. */
  exclusiveFlag?: Row['shape'][keyof Row['shape']];
  summary?: (row: RowView<keyof Row['shape'] & string>) => string[];
}

/** A field array of `row`s, each sent as it parses. */
export function rows<Row extends z.ZodMiniObject>(row: Row, options: RowsOptions<Row>): z.ZodMiniArray<Row>;
/** A field array of `row`s, each sent as `send` makes it from the row's parsed fields. */
export function rows<Row extends z.ZodMiniObject, Sent>(
  row: Row,
  options: RowsOptions<Row>,
  send: (parsed: z.output<Row>) => Sent,
): z.ZodMiniArray<z.ZodMiniPipe<Row, z.ZodMiniTransform<Sent, z.output<Row>>>>;
export function rows(
  row: z.ZodMiniObject,
  { exclusiveFlag, ...options }: RowsOptions<z.ZodMiniObject>,
  send?: (parsed: never) => unknown,
): z.ZodMiniArray {
  const flagKey = Object.entries(row.shape).find(([, field]) => field === exclusiveFlag)?.[0];
  const element = send ? z.pipe(row, z.transform(send)) : row;
  return z
    .array(element)
    .check(
      z.superRefine((list, context) => {
        if (list.length < options.min) context.addIssue({ code: 'custom', message: 'required', input: list });
        if (list.length > options.max) context.addIssue({ code: 'custom', message: 'tooMany', input: list });
        if (flagKey !== undefined && list.length > 0) {
          const flagged = list.filter(
            (item) => typeof item === 'object' && item !== null && Reflect.get(item, flagKey) === true,
          );
          if (flagged.length !== 1)
            context.addIssue({ code: 'custom', message: 'mailingExactlyOne', input: list });
        }
      }),
    )
    .register(rowsMeta, { ...options, row, exclusiveFlag: flagKey });
}
