import { useFormContext } from 'react-hook-form';
import { useRuntimeConfig } from '@/config/config-context';
import { Cell, FormSelect } from '../fields/form-fields';
import { PhoneField } from '../fields/kinds';
import { RowList } from '../fields/row-list';
import { phoneLine, useDisplayContext } from '../review/sections';
import { blankPhone, type ApplicationInput } from '../schema';

/** Step 5: phones, at least one; each row's type, last, is one no other row has (a mobile first). */
export function PhonesStep() {
  const { domains } = useRuntimeConfig();
  const { getValues } = useFormContext<ApplicationInput>();
  const display = useDisplayContext();
  return (
    <RowList
      name="portador.telefones"
      item="phone"
      min={1}
      max={10}
      blank={() => blankPhone(domains, getValues('portador.telefones'))}
      summary={(phone) => (phone.numerododdd || phone.numerodotelefone ? phoneLine(phone, display) : '')}
      fields={(index) => {
        const ddd = `portador.telefones.${index}.numerododdd` as const;
        const number = `portador.telefones.${index}.numerodotelefone` as const;
        return (
          <>
            <Cell xs={4} md={2}>
              <PhoneField part="ddd" ddd={ddd} number={number} />
            </Cell>
            <Cell xs={8} md={6}>
              <PhoneField part="number" ddd={ddd} number={number} />
            </Cell>
            <Cell md={4}>
              <FormSelect
                name={`portador.telefones.${index}.tipotelefone`}
                options={domains.tipotelefone}
                placeholder={false}
              />
            </Cell>
          </>
        );
      }}
    />
  );
}
