import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

export function CreditApplicationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const product = params.get('produto');
  return (
    <ComingSoon title={t('nav.newApplication')}>
      {product ? <div>{t('placeholder.productChosen', { code: product })}</div> : null}
    </ComingSoon>
  );
}
