import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { PageContainer } from './page-container';

/** A screen that another piece of work will build; says so instead of showing a broken page. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={title}>
      <Alert severity="info">
        <strong>{t('placeholder.title')}.</strong> {t('placeholder.body')}
        {children}
      </Alert>
    </PageContainer>
  );
}
