import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useProductsTranslation } from './texts';
import { Link as RouterLink } from 'react-router';
import type { Product } from '@/api/schemas/products';
import { SkeletonRows } from '@/components/skeleton-rows';
import { useHandOffLink } from '@/hooks/use-hand-off';

const SKELETON_ROWS = 4;

interface ProductsTableProps {
  products: readonly Product[] | null;
}

/** Products as a table; `null` means still loading (skeleton rows). Every API string is rendered as text. */
export function ProductsTable({ products }: ProductsTableProps) {
  const { t } = useProductsTranslation();
  const handOffLink = useHandOffLink();
  // On phones the name and the action keep their columns; code and annual fee go under the name.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columnCount = narrow ? 2 : 4;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        aria-label={t('products.tableLabel')}
        aria-busy={products === null}
        // Fixed layout: the columns take the header's widths, so that the rows arriving after the skeleton
        // move none of them (CLS 0). At 320 px the default 16 px cell padding leaves the action button no room.
        sx={{ tableLayout: 'fixed', ...(narrow ? { '& td, & th': { px: 1 } } : {}) }}
      >
        <TableHead>
          <TableRow>
            {narrow ? null : (
              <TableCell scope="col" sx={{ width: 120 }}>
                {t('products.code')}
              </TableCell>
            )}
            <TableCell scope="col">{t('products.name')}</TableCell>
            {narrow ? null : <TableCell scope="col">{t('products.annualFee')}</TableCell>}
            <TableCell scope="col" align="right" sx={{ width: narrow ? 120 : 200 }}>
              {t('products.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products === null ? (
            <SkeletonRows rows={SKELETON_ROWS} columns={columnCount} />
          ) : (
            products.map((product) => (
              <TableRow key={product.codigo} hover>
                {narrow ? null : (
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{product.codigo}</TableCell>
                )}
                <TableCell component="th" scope="row">
                  {product.nome}
                  {narrow ? (
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'block', whiteSpace: 'pre-wrap' }}
                    >
                      {`${t('products.code')}: ${product.codigo} · ${t('products.annualFee')}: ${product.anuidade}`}
                    </Typography>
                  ) : null}
                </TableCell>
                {narrow ? null : <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{product.anuidade}</TableCell>}
                <TableCell align="right">
                  <Button
                    component={RouterLink}
                    {...handOffLink('newApplication', { productCode: product.codigo })}
                    variant="outlined"
                    size="small"
                    aria-label={t('products.startApplicationFor', { name: product.nome })}
                  >
                    {t('products.startApplication')}
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
