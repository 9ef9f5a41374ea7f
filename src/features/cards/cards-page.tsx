import Stack from '@mui/material/Stack';
import { useCardsTranslation } from './texts';
import { PageContainer } from '@/components/page-container';
import { useHandOff } from '@/hooks/use-hand-off';
import { CancelCardSection } from './cancel-card-section';
import { JournalSection } from './journal-section';
import { VirtualCardSection } from './virtual-card-section';

export function CardsPage() {
  const { t } = useCardsTranslation();
  // The accounts screen's row action hands over the account to request a virtual card for.
  const handedOverAccount = useHandOff('cards')?.virtualCardAccount ?? null;

  return (
    <PageContainer title={t('cards.title')} intro={t('cards.intro')}>
      <Stack spacing={3}>
        <VirtualCardSection handedOverAccount={handedOverAccount} />
        <CancelCardSection />
        <JournalSection />
      </Stack>
    </PageContainer>
  );
}
