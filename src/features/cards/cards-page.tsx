import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from './texts';
import { useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { PageContainer } from '@/components/page-container';
import { CancelCardSection } from './cancel-card-section';
import { JournalSection } from './journal-section';
import { VirtualCardSection } from './virtual-card-section';

/**
 * What the accounts screen may hand over in router state: the code of an account to request a virtual
 * card for (an account code, not personal data; never in the URL).
 */
const handOverSchema = z.looseObject({ requestVirtualCardFor: z.int() });

export function CardsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once on arrival; the state is then dropped so that Back or a reload does not ask again.
  const [handedOverAccount] = useState(() => {
    const parsed = handOverSchema.safeParse(location.state);
    return parsed.success ? parsed.data.requestVirtualCardFor : null;
  });
  const hasState = location.state !== null && location.state !== undefined;
  useEffect(() => {
    if (hasState) void navigate(location.pathname, { replace: true, state: null });
  }, [hasState, location.pathname, navigate]);

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
