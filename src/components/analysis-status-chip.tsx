import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from '@/hooks/use-translation';
import { useRuntimeConfig } from '@/config/config-context';
import { localizeLabel } from '@/config/config-label';
import type { KnownStatus } from '@/config/config-schema';

const toneColor: Record<KnownStatus['tone'], ChipProps['color']> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
  neutral: 'default',
};

/**
 * An analysis `Status`: the values the config knows get their label and colour; any other value is shown
 * exactly as the provider sent it, neutrally (the interface does not list the statuses).
 */
export function AnalysisStatusChip({ status }: { status: string }) {
  const { i18n } = useTranslation();
  const { analysisStatuses } = useRuntimeConfig();
  const known = analysisStatuses.find((entry) => entry.value === status);
  if (!known) return <Chip size="small" variant="outlined" label={status} />;
  return (
    <Chip
      size="small"
      color={toneColor[known.tone]}
      label={localizeLabel(known.label, i18n.language)}
      title={status}
    />
  );
}
