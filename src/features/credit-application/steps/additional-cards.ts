import * as z from 'zod/mini';
import type { RuleContext } from '../field-kinds/kind';
import { rows } from '../field-kinds/rows';
import { text } from '../field-kinds/text';

/** Step 7: additional cards; their fields come from config (none: each is sent as `{}`). */
export function additionalCardsStep(ctx: RuleContext) {
  const card = z.object(Object.fromEntries(ctx.additionalCardFields.map((field) => [field, text(120)])));
  return z.object({
    portador: z.object({
      cartoesadicionais: rows(card, { item: 'card', min: 0, max: 5 }),
    }),
  });
}
