import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

export function AccountsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('nav.accounts')} />;
}
