import * as z from 'zod/mini';
import { branch, code, intChoice, money, requiredUnlessOmittable, type RuleContext } from '../field-kit';

/** Step 4: occupation, employer, income and the bank account. */
export function incomeStep(ctx: RuleContext) {
  return z.object({
    portador: z.object({
      codigodaprofissao: intChoice(() => ctx.domains.profissoes.map((entry) => String(entry.code)), {
        options: 'profissoes',
        md: 6,
      }),
      nomeempresa: requiredUnlessOmittable(ctx, 120, { help: 'employer' }),
      valorrenda: money(ctx),
      numerodaagencia: branch(),
      numerodacontacorrente: code(/^\d{1,12}(?:-?[\dXx])?$/, 'account', { md: 4 }),
    }),
  });
}
