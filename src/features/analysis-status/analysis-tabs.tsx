import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { batchView } from './batch/batch-store';
import { useAnalysisStatusTranslation } from './texts';

/** "done/total" of a running batch, or null; a string, so that an unchanged count renders nothing. */
function runningCount(): string | null {
  const progress = batchView.get()?.progress;
  return progress?.active ? `${progress.done + progress.failed}/${progress.total}` : null;
}
const noCount = () => null;

/**
 * "Um CPF" | "Em lote": two screens of one task, as tabs. They are links (each screen has its path, and
 * neither path holds a CPF), in a labelled navigation with `aria-current` on the one shown: Tab and
 * Enter reach them, as any link. From the single lookup, a running batch shows its progress on its tab
 * (on the batch's own tab the progress is on screen already).
 */
export function AnalysisTabs({ current }: { current: 'single' | 'batch' }) {
  const { t } = useAnalysisStatusTranslation();
  const count = useSyncExternalStore(
    batchView.subscribe,
    current === 'single' ? runningCount : noCount,
    noCount,
  );
  const [done, total] = count?.split('/') ?? [];
  const tabs = [
    { key: 'single', to: paths.analysisStatus, label: t('analysisStatus.modes.single') },
    {
      key: 'batch',
      to: paths.analysisBatch,
      label:
        done !== undefined && total !== undefined
          ? t('analysisStatus.modes.batchRunning', { done, total })
          : t('analysisStatus.modes.batch'),
    },
  ] as const;
  return (
    <Box
      component="nav"
      aria-label={t('analysisStatus.modes.label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
        {tabs.map((tab) => {
          const selected = tab.key === current;
          return (
            <li key={tab.key}>
              <Box
                component={RouterLink}
                to={tab.to}
                aria-current={selected ? 'page' : undefined}
                sx={{
                  display: 'inline-block',
                  textDecoration: 'none',
                  px: 2,
                  py: 1.25,
                  fontWeight: 500,
                  textTransform: 'uppercase',
                  fontSize: '0.875rem',
                  letterSpacing: '0.02857em',
                  color: selected ? 'primary.main' : 'text.secondary',
                  borderBottom: 2,
                  borderColor: selected ? 'primary.main' : 'transparent',
                  mb: '-1px',
                  '&:hover': { color: 'primary.main' },
                }}
              >
                {tab.label}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
