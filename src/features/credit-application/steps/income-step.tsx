import Grid from '@mui/material/Grid';
import { useRuntimeConfig } from '@/config/config-context';
import { Cell, FormSelect, FormText } from '../fields/form-fields';
import { MoneyField } from '../fields/kinds';
import { useCreditApplicationTranslation } from '../texts';

/** Step 4: occupation, employer, income and the bank account. */
export function IncomeStep() {
  const { t } = useCreditApplicationTranslation();
  const { domains, blankOptionalFields } = useRuntimeConfig();
  const professions = domains.profissoes.map((entry) => ({ value: String(entry.code), label: entry.label }));
  // The employer may be left blank only where config says the provider accepts it.
  const employerOptional = blankOptionalFields === 'omit';
  return (
    <Grid container spacing={2}>
      <Cell md={6}>
        <FormSelect name="portador.codigodaprofissao" options={professions} />
      </Cell>
      <Cell md={6}>
        <FormText
          name="portador.nomeempresa"
          optional={employerOptional}
          helperText={employerOptional ? undefined : t('creditApplication.help.employer')}
        />
      </Cell>
      <Cell md={4}>
        <MoneyField name="portador.valorrenda" />
      </Cell>
      <Cell md={4}>
        <FormText
          name="portador.numerodaagencia"
          inputProps={{ inputMode: 'numeric' }}
          helperText={t('creditApplication.help.branch')}
        />
      </Cell>
      <Cell md={4}>
        <FormText name="portador.numerodacontacorrente" />
      </Cell>
    </Grid>
  );
}
