import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAnalysisStatusTranslation } from '../texts';
import { maskCpfForList } from './recent-lookups';
import type { AnalysisStatusLookup } from './use-analysis-status-lookup';

/** The CPFs looked up in this tab, masked; a click looks one up again. */
export function RecentLookupsList({
  recent,
  cpf,
  repeat,
}: Pick<AnalysisStatusLookup, 'recent' | 'cpf' | 'repeat'>) {
  const { t } = useAnalysisStatusTranslation();
  if (recent.length === 0) return null;
  return (
    <Box component="aside" aria-labelledby="recent-lookups-heading">
      <Typography id="recent-lookups-heading" variant="subtitle1" component="h2">
        {t('analysisStatus.recentHeading')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('analysisStatus.recentHelp')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {recent.map((entry) => {
          const masked = maskCpfForList(entry);
          return (
            <li key={entry}>
              <Button
                size="small"
                variant={entry === cpf ? 'outlined' : 'text'}
                aria-label={t('analysisStatus.recentRepeat', { cpf: masked })}
                aria-current={entry === cpf ? 'true' : undefined}
                onClick={() => repeat(entry)}
                sx={{ fontFamily: 'monospace', justifyContent: 'flex-start' }}
              >
                {masked}
              </Button>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
