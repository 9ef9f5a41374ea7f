import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from './texts';
import { productQueries } from '@/api/products';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { PageContainer } from '@/components/page-container';
import { TextInput } from '@/components/text-input';
import { filterProducts } from './product-filter';
import { ProductsTable } from './products-table';

export function ProductsPage() {
  const { t } = useTranslation();
  const products = useQuery(productQueries.list());
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(
    () => (products.data ? filterProducts(products.data, deferredFilter) : null),
    [products.data, deferredFilter],
  );

  return (
    <PageContainer title={t('products.title')} intro={t('products.intro')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextInput
            label={t('products.filterLabel')}
            helperText={t('products.filterHelp')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            type="search"
            size="small"
            sx={{ width: { xs: '100%', sm: 360 } }}
            autoComplete="off"
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
          />
          {/* In place before the products arrive, so that the count is announced when it changes. */}
          <Typography role="status" color="text.secondary">
            {visible ? t('products.count', { count: visible.length }) : null}
          </Typography>
        </Stack>

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
                  : t('products.noMatch', { filter: deferredFilter })}
              </Alert>
            ) : null}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
