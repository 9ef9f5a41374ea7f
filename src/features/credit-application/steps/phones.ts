import * as z from 'zod/mini';
import { choice } from '../field-kinds/choice';
import type { RuleContext } from '../field-kinds/kind';
import { phone } from '../field-kinds/phone';
import { rows } from '../field-kinds/rows';

/** Step 5: phones, at least one. */
export function phonesStep(ctx: RuleContext) {
  const number = phone();
  const row = z.object({
    tipotelefone: choice(ctx.domains.tipotelefone, { placeholder: false }),
    numerododdd: number.ddd,
    numerodotelefone: number.number,
  });
  return z.object({
    portador: z.object({
      telefones: rows(row, {
        item: 'phone',
        min: 1,
        max: 10,
        summary: ({ shown }) => [
          `${shown('tipotelefone')}: (${shown('numerododdd')}) ${shown('numerodotelefone')}`,
        ],
      }),
    }),
  });
}
