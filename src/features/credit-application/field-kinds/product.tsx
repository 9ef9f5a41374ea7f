import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { productQueries } from '@/api/products';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useServices } from '@/hooks/services-context';
import { useCreditApplicationTranslation } from '../texts';
import { FormSelect } from './choice';
import { asTyped, checked, describe, isBlank } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta, RuleContext } from './kind';

export type ProductMeta = KindMeta<'product'>;
declare module './kind' {
  interface MetaByKind {
    product: ProductMeta;
  }
}

/**
 * A product of the provider's list (`productQueries.list(http)`), with its own error and retry; the review
 * shows "102 · Cartão Gold". Until the list has loaded any code passes the check (the provider decides).
 */
function ProductField({ name, meta }: FieldInputProps<ProductMeta>) {
  const { t } = useCreditApplicationTranslation();
  const { http } = useServices();
  const products = useQuery(productQueries.list(http));
  const options = (products.data ?? []).map((product) => ({
    value: product.codigo,
    label: `${product.codigo} · ${product.nome}`,
  }));
  return (
    <>
      {products.isError ? (
        <Box sx={{ mb: 2 }}>
          <ApiErrorAlert
            error={products.error}
            title={t('creditApplication.help.productsError')}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        </Box>
      ) : null}
      <FormSelect
        name={name}
        options={options}
        placeholder={
          products.isPending
            ? t('creditApplication.help.productsLoading')
            : t('creditApplication.help.choose')
        }
        required={meta.required}
      />
    </>
  );
}

export const productKind: FieldKind<ProductMeta> = {
  Input: ProductField,
  display: (value, _meta, { productName }) => {
    const code = asTyped(value);
    const name = productName(code);
    return name ? `${code} · ${name}` : code;
  },
};

/** Sent as an integer. */
export function product(ctx: RuleContext, options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      if (isBlank(value)) return 'choose';
      const known = ctx.productCodes();
      if (!/^\d{1,9}$/.test(value.trim())) return 'product';
      return known === null || known.includes(value.trim()) ? null : 'product';
    }),
    z.transform((value) => Number.parseInt(value.trim(), 10)),
  );
  return describe(schema, { kind: 'product', md: 8, ...options });
}
