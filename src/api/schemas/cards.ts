import * as z from 'zod/mini';

/** Body of POST {base_url}/v1/cards/create/virtual/ (section 4.4). */
export const virtualCardRequestSchema = z.looseObject({
  account: z.int(),
});
export type VirtualCardRequest = z.infer<typeof virtualCardRequestSchema>;

/** Body of POST {base_url}/v1/cards/cancel/{cardCode}/ (section 4.5). */
export const cancelCardRequestSchema = z.looseObject({
  cardCode: z.int(),
});
export type CancelCardRequest = z.infer<typeof cancelCardRequestSchema>;

/** Card operation result (section 2.4). */
export const cardOperationResultSchema = z.looseObject({
  message: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type CardOperationResult = z.infer<typeof cardOperationResultSchema>;
