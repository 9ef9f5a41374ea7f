import Grid from '@mui/material/Grid';
import { Cell, FormSelect, FormText } from '../fields/form-fields';
import { DateField } from '../fields/kinds';
import { UF_OPTIONS } from '../rules';

/**
 * Step 3: the identity document (issued after birth: the step's schema checks it against step 2); the
 * issuer, SSP unless changed, comes last to confirm.
 */
export function DocumentStep() {
  return (
    <Grid container spacing={2}>
      <Cell md={6}>
        <FormText name="portador.numerodaidentidade" />
      </Cell>
      <Cell md={6}>
        <FormSelect name="portador.unidadefederativadaidentidade" options={UF_OPTIONS} />
      </Cell>
      <Cell md={6}>
        <DateField name="portador.datadeemissaodaidentidade" />
      </Cell>
      <Cell md={6}>
        <FormText name="portador.orgaoexpedidordaidentidade" upper />
      </Cell>
    </Grid>
  );
}
