import Grid from '@mui/material/Grid';
import { Cell, FormSelect } from '../fields/form-fields';
import { ProductField } from '../fields/kinds';
import { DUE_DAYS } from '../rules';
import { useCreditApplicationTranslation } from '../texts';

/** Step 1: the product (from the provider's list) and the bill's due day. */
export function ProductStep() {
  const { t } = useCreditApplicationTranslation();
  return (
    <Grid container spacing={2}>
      <Cell md={8}>
        <ProductField name="codigodoproduto" />
      </Cell>
      <Cell md={4}>
        <FormSelect
          name="cartaodecredito.diadovencimento"
          options={DUE_DAYS}
          placeholder={t('creditApplication.help.choose')}
        />
      </Cell>
    </Grid>
  );
}
