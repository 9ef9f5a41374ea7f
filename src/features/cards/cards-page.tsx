import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

export function CardsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('nav.cards')} />;
}
