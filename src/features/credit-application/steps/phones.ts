import * as z from 'zod/mini';
import { choice, ddd, phoneNumber, rows, type RuleContext } from '../field-kit';

/** Step 5: phones, at least one. */
export function phonesStep(ctx: RuleContext) {
  return z.object({
    portador: z.object({
      telefones: rows(
        z.object({
          tipotelefone: choice(() => ctx.domains.tipotelefone.map((entry) => entry.value), {
            options: 'tipotelefone',
            placeholder: false,
            initialFirstOption: true,
          }),
          numerododdd: ddd(),
          numerodotelefone: phoneNumber(),
        }),
        {
          row: 'phone',
          min: 1,
          max: 10,
          summary: (row, label) => [
            `${label('tipotelefone')}: (${String(row.numerododdd)}) ${String(row.numerodotelefone)}`,
          ],
        },
      ),
    }),
  });
}
