import * as z from 'zod/mini';
import { cep } from '../field-kinds/cep';
import { choice, uf } from '../field-kinds/choice';
import { exclusiveFlag } from '../field-kinds/flag';
import type { RuleContext } from '../field-kinds/kind';
import { rows } from '../field-kinds/rows';
import { streetNumber, streetNumberToContract } from '../field-kinds/street-number';
import { mayBeEmpty, text } from '../field-kinds/text';

/** Step 6: addresses, at least one, exactly one of them the mailing address. */
export function addressesStep(ctx: RuleContext) {
  // The fields a CEP fills, named before the row so that the CEP can point at them.
  const logradouro = text(120, { md: 7 });
  const bairro = text(80, { md: 4 });
  const cidade = text(80, { md: 4 });
  const estado = uf({ xs: 6 });
  const address = z.object({
    cep: cep({ fills: { logradouro, bairro, localidade: cidade, uf: estado } }),
    logradouro,
    numero: streetNumber(ctx),
    complemento: mayBeEmpty(60),
    bairro,
    cidade,
    uf: estado,
    pais: text(60, { md: 3, xs: 6, initial: 'Brasil' }),
    tipoendereco: choice(ctx.domains.tipoendereco, { placeholder: false, md: 3 }),
    pontoreferencia: mayBeEmpty(120),
    enderecocorrespondencia: exclusiveFlag(),
  });
  return z.object({
    portador: z.object({
      enderecos: rows(
        address,
        {
          item: 'address',
          min: 1,
          max: 10,
          exclusiveFlag: address.shape.enderecocorrespondencia,
          summary: ({ shown, typed, label }) => {
            const complemento = shown('complemento');
            const reference = shown('pontoreferencia');
            return [
              `${shown('logradouro')}, ${shown('numero')}${complemento ? ` – ${complemento}` : ''}`,
              `${shown('bairro')}, ${shown('cidade')} – ${shown('uf')}, ${shown('cep')}, ${shown('pais')}`,
              `${shown('tipoendereco')}${reference ? ` · ${reference}` : ''}`,
              ...(typed('enderecocorrespondencia') === true ? [label('enderecocorrespondencia')] : []),
            ];
          },
        },
        // `numero` is an integer in the interface: "S/N" and "1000A" go on in `complemento`.
        (row) => ({ ...row, ...streetNumberToContract(row.numero, row.complemento) }),
      ),
    }),
  });
}
