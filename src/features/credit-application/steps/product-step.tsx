import Grid from '@mui/material/Grid';
import { Cell, FormSelect } from '../fields/form-fields';
import { ProductField } from '../fields/kinds';
import { DUE_DAYS } from '../rules';

/** Step 1: the product (from the provider's list) and the bill's due day. */
export function ProductStep() {
  return (
    <Grid container spacing={2}>
      <Cell md={8}>
        <ProductField name="codigodoproduto" />
      </Cell>
      <Cell md={4}>
        <FormSelect name="cartaodecredito.diadovencimento" options={DUE_DAYS} />
      </Cell>
    </Grid>
  );
}
