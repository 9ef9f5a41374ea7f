import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useProductsTranslation } from './texts';
import { productQueries } from '@/api/products';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { PageContainer } from '@/components/page-container';
import { useServices } from '@/hooks/services-context';
import { ListToolbar, useListSearch } from '@/components/list-toolbar';
import { filterProducts } from './product-filter';
import { ProductsTable } from './products-table';

export function ProductsPage() {
  const { t } = useProductsTranslation();
  const { http } = useServices();
  const products = useQuery(productQueries.list(http));
  const search = useListSearch(t('products.filterLabel'), t('products.filterHelp'));
  const visible = useMemo(
    () => (products.data ? filterProducts(products.data, search.deferred) : null),
    [products.data, search.deferred],
  );

  return (
    <PageContainer title={t('products.title')} intro={t('products.intro')}>
      <Stack spacing={2}>
        <ListToolbar
          search={search.field}
          count={visible ? t('products.count', { count: visible.length }) : null}
        />

        {products.isError ? (
          <ApiErrorAlert
            error={products.error}
            title={t('products.errorTitle')}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        ) : (
          <>
            <ProductsTable products={visible} />
            {visible && visible.length === 0 ? (
              <Alert severity="info">
                {products.data?.length === 0
                  ? t('products.empty')
                  : t('products.noMatch', { filter: search.deferred })}
              </Alert>
            ) : null}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
