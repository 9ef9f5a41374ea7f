import * as z from 'zod/mini';
import { uf } from '../field-kinds/choice';
import { date } from '../field-kinds/date';
import type { RuleContext } from '../field-kinds/kind';
import { code } from '../field-kinds/text';
import { upperCode } from '../field-kinds/upper';

/** Step 3: the identity document. */
export function documentStep(ctx: RuleContext) {
  return z.object({
    portador: z.object({
      numerodaidentidade: code(/^(?=.{1,20}$)[0-9A-Za-z][0-9A-Za-z./ -]*$/, 'documentNumber'),
      orgaoexpedidordaidentidade: upperCode(/^(?=.{1,20}$)[A-Za-z][A-Za-z/ -]*$/, 'issuer'),
      unidadefederativadaidentidade: uf({ md: 6 }),
      // Not before the birth date: checked across steps in wizard.ts.
      datadeemissaodaidentidade: date(ctx, { notFuture: true }, { md: 6 }),
    }),
  });
}
