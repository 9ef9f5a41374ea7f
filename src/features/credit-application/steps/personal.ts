import * as z from 'zod/mini';
import { suggestPrintedName } from '@/lib/printed-name';
import { choice } from '../field-kinds/choice';
import { cpf } from '../field-kinds/cpf';
import { date } from '../field-kinds/date';
import { email } from '../field-kinds/email';
import type { RuleContext } from '../field-kinds/kind';
import { printedName, printedNameAgainst } from '../field-kinds/printed-name';
import { personName } from '../field-kinds/text';
import { upperCode } from '../field-kinds/upper';

/** Step 2: who the cardholder is. */
export function personalStep(ctx: RuleContext) {
  const nomeimpresso = printedName();
  return z.object({
    portador: z.object({
      cpf: cpf(),
      // Leaving the full name suggests the printed name (blank, or still the previous suggestion), whose
      // words must be the full name's.
      nome: personName({
        md: 8,
        fills: {
          field: nomeimpresso,
          suggest: (name) => suggestPrintedName(name, ctx.printedNameMaxLength),
          check: printedNameAgainst(ctx),
        },
      }),
      nomeimpresso,
      nomedamae: personName(),
      datadenascimento: date(ctx, { adult: true }),
      sexo: choice(ctx.domains.sexo),
      estadocivil: choice(ctx.domains.estadocivil),
      siglanacionalidade: upperCode(/^[A-Za-z]{3}$/, 'nationality', {
        md: 4,
        help: 'nationality',
        initial: 'BRA',
      }),
      email: email(),
    }),
  });
}
