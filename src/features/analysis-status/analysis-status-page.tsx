import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

export function AnalysisStatusPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('nav.analysisStatus')} />;
}
