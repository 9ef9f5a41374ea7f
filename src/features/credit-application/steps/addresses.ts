import * as z from 'zod/mini';
import {
  cep,
  choice,
  flag,
  mayBeEmpty,
  rows,
  streetNumber,
  streetNumberToContract,
  text,
  uf,
  type RuleContext,
} from '../field-kit';

/** Step 6: addresses, at least one, exactly one of them the mailing address. */
export function addressesStep(ctx: RuleContext) {
  const address = z.object({
    cep: cep({ cepFills: { logradouro: 'logradouro', bairro: 'bairro', cidade: 'localidade', uf: 'uf' } }),
    logradouro: text(120, { md: 7 }),
    numero: streetNumber(ctx),
    complemento: mayBeEmpty(60),
    bairro: text(80, { md: 4 }),
    cidade: text(80, { md: 4 }),
    uf: uf({ xs: 6 }),
    pais: text(60, { md: 3, xs: 6, initial: 'Brasil' }),
    tipoendereco: choice(() => ctx.domains.tipoendereco.map((entry) => entry.value), {
      options: 'tipoendereco',
      placeholder: false,
      initialFirstOption: true,
      md: 3,
    }),
    pontoreferencia: mayBeEmpty(120),
    enderecocorrespondencia: flag(),
  });
  return z.object({
    portador: z.object({
      enderecos: rows(
        z.pipe(
          address,
          z.transform((row) => ({ ...row, ...streetNumberToContract(row.numero, row.complemento) })),
        ),
        {
          row: 'address',
          min: 1,
          max: 10,
          exclusiveFlag: 'enderecocorrespondencia',
          summary: (row, label) => {
            const text = (field: string) => {
              const value = row[field];
              return typeof value === 'string' ? value : '';
            };
            return [
              `${text('logradouro')}, ${text('numero')}${text('complemento') ? ` – ${text('complemento')}` : ''}`,
              `${text('bairro')}, ${text('cidade')} – ${text('uf')}, ${text('cep')}, ${text('pais')}`,
              `${label('tipoendereco')}${text('pontoreferencia') ? ` · ${text('pontoreferencia')}` : ''}`,
              ...(row.enderecocorrespondencia === true ? [label('enderecocorrespondencia')] : []),
            ];
          },
        },
      ),
    }),
  });
}
