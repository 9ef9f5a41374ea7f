import * as z from 'zod/mini';
import { code, date, uf, type RuleContext } from '../field-kit';

/** Step 3: the identity document. */
export function documentStep(ctx: RuleContext) {
  return z.object({
    portador: z.object({
      numerodaidentidade: code(/^(?=.{1,20}$)[0-9A-Za-z][0-9A-Za-z./ -]*$/, 'documentNumber'),
      orgaoexpedidordaidentidade: code(/^(?=.{1,20}$)[A-Za-z][A-Za-z/ -]*$/, 'issuer', { kind: 'upper' }),
      unidadefederativadaidentidade: uf({ md: 6 }),
      // Not before the birth date: checked across steps in wizard.ts.
      datadeemissaodaidentidade: date(ctx, { notFuture: true }, { md: 6 }),
    }),
  });
}
