import * as z from 'zod/mini';
import { intChoice } from '../field-kinds/choice';
import type { RuleContext } from '../field-kinds/kind';
import { product } from '../field-kinds/product';

/** The bill due days offered (the interface gives no list; these are the usual ones). */
export const DUE_DAYS = ['1', '5', '10', '15', '20', '25'] as const;

/** Step 1: the product (from the provider's list) and the bill's due day. */
export function productStep(ctx: RuleContext) {
  return z.object({
    codigodoproduto: product(ctx),
    cartaodecredito: z.object({
      diadovencimento: intChoice(
        DUE_DAYS.map((day) => ({ value: day, label: day })),
        { md: 4 },
        'dueDay',
      ),
    }),
  });
}
