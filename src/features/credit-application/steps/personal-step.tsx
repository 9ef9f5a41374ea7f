import Grid from '@mui/material/Grid';
import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useRuntimeConfig } from '@/config/config-context';
import { suggestPrintedName } from '@/lib/printed-name';
import { Cell, FormSelect, FormText } from '../fields/form-fields';
import { CpfField, DateField, PrintedNameField } from '../fields/kinds';
import type { ApplicationInput } from '../schema';
import { useCreditApplicationTranslation } from '../texts';

/**
 * Step 2: who the cardholder is; last, what the step suggests for the operator to confirm (the printed
 * name and the nationality). Leaving the full name suggests the printed name, when that is blank or
 * still the suggestion of what the name held before: the suggestion follows the name until the operator
 * changes it. The step's schema checks the printed name's words and length against the name.
 */
export function PersonalStep() {
  const { t } = useCreditApplicationTranslation();
  const { domains, printedNameMaxLength } = useRuntimeConfig();
  const { getValues, setValue } = useFormContext<ApplicationInput>();
  const suggest = (fullName: string) => suggestPrintedName(fullName, printedNameMaxLength);
  // What the full name held when it took focus.
  const nameBefore = useRef('');
  const suggestPrinted = () => {
    const printed = getValues('portador.nomeimpresso');
    if (printed.trim() !== '' && printed !== suggest(nameBefore.current)) return;
    const suggestion = suggest(getValues('portador.nome'));
    if (suggestion !== printed) setValue('portador.nomeimpresso', suggestion, { shouldDirty: true });
  };
  return (
    <Grid container spacing={2}>
      <Cell md={4}>
        <CpfField name="portador.cpf" />
      </Cell>
      <Cell md={8}>
        <FormText
          name="portador.nome"
          onFocus={() => {
            nameBefore.current = getValues('portador.nome');
          }}
          onBlur={suggestPrinted}
        />
      </Cell>
      <Cell md={8}>
        <FormText name="portador.nomedamae" />
      </Cell>
      <Cell md={4}>
        <DateField name="portador.datadenascimento" />
      </Cell>
      <Cell md={3}>
        <FormSelect name="portador.sexo" options={domains.sexo} />
      </Cell>
      <Cell md={3}>
        <FormSelect name="portador.estadocivil" options={domains.estadocivil} />
      </Cell>
      <Cell md={6}>
        <FormText name="portador.email" type="email" />
      </Cell>
      <Cell md={8}>
        <PrintedNameField name="portador.nomeimpresso" fullName="portador.nome" suggest={suggest} />
      </Cell>
      <Cell md={4}>
        <FormText
          name="portador.siglanacionalidade"
          upper
          helperText={t('creditApplication.help.nationality')}
        />
      </Cell>
    </Grid>
  );
}
