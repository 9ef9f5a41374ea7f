import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from '@/hooks/use-translation';
import { useRuntimeConfig } from '@/config/config-context';
import type { KnownStatus } from '@/config/config-schema';
import { statusLabel } from '@/config/status-label';

const toneColor: Record<KnownStatus['tone'], ChipProps['color']> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
  neutral: 'default',
};

/** A chip's label wraps on a narrow screen instead of being cut ("Pendente de documenta…"). */
const wrapping = { height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/**
 * An analysis `Status`: the values the config knows get their label and colour; any other value is read
 * as words, neutrally (the interface does not list the statuses). The provider's code stays in the title.
 */
export function AnalysisStatusChip({ status }: { status: string }) {
  const { i18n } = useTranslation();
  const { analysisStatuses } = useRuntimeConfig();
  const known = analysisStatuses.find((entry) => entry.value === status);
  return (
    <Chip
      size="small"
      variant={known ? 'filled' : 'outlined'}
      color={known ? toneColor[known.tone] : 'default'}
      label={statusLabel(status, known, i18n.language)}
      title={status}
      sx={wrapping}
    />
  );
}
