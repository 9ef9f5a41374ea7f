import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/hooks/use-translation';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageContainer title={t('errors.notFoundTitle')}>
      <Typography sx={{ mb: 2 }}>{t('errors.notFoundBody', { path: pathname })}</Typography>
      <Button component={RouterLink} to={paths.products} variant="contained">
        {t('errors.goHome')}
      </Button>
    </PageContainer>
  );
}
