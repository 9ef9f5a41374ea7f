import * as z from 'zod/mini';
import { intChoice, type RuleContext } from '../field-kit';

/** The bill due days offered (the interface gives no list; these are the usual ones). */
export const DUE_DAYS = ['1', '5', '10', '15', '20', '25'] as const;

/** Step 1: the product (from the provider's list) and the bill's due day. */
export function productStep(ctx: RuleContext) {
  return z.object({
    codigodoproduto: intChoice(ctx.productCodes, { kind: 'product', md: 8 }, 'product'),
    cartaodecredito: z.object({
      diadovencimento: intChoice(() => DUE_DAYS, { options: 'dueDay', md: 4 }, 'dueDay'),
    }),
  });
}
