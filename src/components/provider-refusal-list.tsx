import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { ProviderRefusal } from '@/api/provider-refusal';
import { useTranslation } from '@/hooks/use-translation';

interface ProviderRefusalListProps {
  /** The provider's messages, read by `readProviderRefusals` (src/api/provider-refusal.ts). */
  refusals: readonly ProviderRefusal[];
  /**
   * The operator's name for a refusal's field, as a link or button to its input (the screen knows its
   * form), or null when the path is not a field of this screen: the message is then shown as it came.
   */
  fieldOf: (refusal: ProviderRefusal) => ReactNode | null;
}

/**
 * A provider's refusal, one line per message: a message that names a field of the form shows the field
 * in the operator's words (a link to its input), what the provider says about it, and the provider's own
 * words beside it; any other message is shown as it came. Provider text is rendered as text, never HTML.
 */
export function ProviderRefusalList({ refusals, fieldOf }: ProviderRefusalListProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, pl: '1.25rem' }}>
      {refusals.map((refusal, index) => {
        const field = refusal.path === null ? null : fieldOf(refusal);
        return (
          <li key={`${index}:${refusal.text}`}>
            {field !== null ? (
              <>
                {field}
                {`: ${refusal.detail} `}
                <Box component="span" sx={{ opacity: 0.8 }}>
                  {t('errors.providerSaid', { text: refusal.text })}
                </Box>
              </>
            ) : (
              refusal.text
            )}
          </li>
        );
      })}
    </Box>
  );
}
