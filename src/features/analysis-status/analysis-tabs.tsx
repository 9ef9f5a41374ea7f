import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useMemoryStore } from '@/components/use-memory-store';
import { paths } from '@/config/paths';
import { batchView } from './batch-store';
import { useTranslation } from './texts';

/**
 * "Um CPF" | "Em lote": two screens of one task, as tabs. They are links (each screen has its path, and
 * neither path holds a CPF), in a labelled navigation with `aria-current` on the one shown: Tab and
 * Enter reach them, as any link. A running batch shows its progress on its tab.
 */
export function AnalysisTabs({ current }: { current: 'single' | 'batch' }) {
  const { t } = useTranslation();
  const view = useMemoryStore(batchView);
  const running = view !== null && view.progress.active;
  const tabs = [
    { key: 'single', to: paths.analysisStatus, label: t('analysisStatus.modes.single') },
    {
      key: 'batch',
      to: paths.analysisBatch,
      label: running
        ? t('analysisStatus.modes.batchRunning', {
            done: String(view.progress.done + view.progress.failed),
            total: String(view.progress.total),
          })
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
