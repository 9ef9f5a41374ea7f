import * as z from 'zod/mini';

/** The interface's Error object (section 2.6): all three fields required, extra fields allowed. */
export const errorObjectSchema = z.looseObject({
  message: z.string(),
  error: z.string(),
  statusCode: z.int(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

/**
 * Some providers (NestJS validation pipes among them) answer a 400 with `message` as a list of strings.
 * The interface says string; we accept the list too so that each message can be shown.
 */
export const lenientErrorObjectSchema = z.looseObject({
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
  statusCode: z.int(),
});
export type LenientErrorObject = z.infer<typeof lenientErrorObjectSchema>;
