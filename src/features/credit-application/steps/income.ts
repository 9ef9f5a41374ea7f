import * as z from 'zod/mini';
import { branch } from '../field-kinds/branch';
import { intChoice } from '../field-kinds/choice';
import type { RuleContext } from '../field-kinds/kind';
import { money } from '../field-kinds/money';
import { code, optionalText, text } from '../field-kinds/text';

/** Step 4: occupation, employer, income and the bank account. */
export function incomeStep(ctx: RuleContext) {
  return z.object({
    portador: z.object({
      codigodaprofissao: intChoice(
        ctx.domains.profissoes.map((entry) => ({ value: String(entry.code), label: entry.label })),
        { md: 6 },
      ),
      // The interface does not call it optional, but an applicant may have no employer: left out when
      // blank only if config `blankOptionalFields: "omit"` says the provider accepts that.
      nomeempresa: ctx.blankOptionalFields === 'omit' ? optionalText(120) : text(120, { help: 'employer' }),
      valorrenda: money(ctx),
      numerodaagencia: branch(),
      numerodacontacorrente: code(/^\d{1,12}(?:-?[\dXx])?$/, 'account', { md: 4 }),
    }),
  });
}
