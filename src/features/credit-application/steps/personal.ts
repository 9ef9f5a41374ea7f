import * as z from 'zod/mini';
import { code, cpf, choice, date, email, personName, printedName, type RuleContext } from '../field-kit';

/** Step 2: who the cardholder is. */
export function personalStep(ctx: RuleContext) {
  return z.object({
    portador: z.object({
      cpf: cpf(),
      nome: personName({ md: 8, fills: { field: 'nomeimpresso', derive: 'printedName' } }),
      nomeimpresso: printedName(ctx),
      nomedamae: personName(),
      datadenascimento: date(ctx, { adult: true }),
      sexo: choice(() => ctx.domains.sexo.map((entry) => entry.value), { options: 'sexo' }),
      estadocivil: choice(() => ctx.domains.estadocivil.map((entry) => entry.value), {
        options: 'estadocivil',
      }),
      siglanacionalidade: code(/^[A-Za-z]{3}$/, 'nationality', {
        kind: 'upper',
        md: 4,
        help: 'nationality',
        initial: 'BRA',
      }),
      email: email(),
    }),
  });
}
