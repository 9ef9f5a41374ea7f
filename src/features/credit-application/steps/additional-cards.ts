import * as z from 'zod/mini';
import { rows, text, type RuleContext } from '../field-kit';

/** Step 7: additional cards; their fields come from config (none: each is sent as `{}`). */
export function additionalCardsStep(ctx: RuleContext) {
  const card = z.object(Object.fromEntries(ctx.additionalCardFields.map((field) => [field, text(120)])));
  return z.object({
    portador: z.object({
      cartoesadicionais: rows(card, { row: 'card', min: 0, max: 5 }),
    }),
  });
}
