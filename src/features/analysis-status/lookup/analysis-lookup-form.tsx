import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAnalysisStatusTranslation } from '../texts';
import { CpfInput } from '@/components/cpf-input';
import { AUTO_REFRESH_MS, type AnalysisStatusLookup } from './use-analysis-status-lookup';

/** The CPF field and its button: a search form. */
export function AnalysisLookupForm({ field, onSubmit }: Pick<AnalysisStatusLookup, 'field' | 'onSubmit'>) {
  const { t } = useAnalysisStatusTranslation();
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('analysisStatus.searchLabel')}
      noValidate
      onSubmit={onSubmit}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <CpfInput
          label={t('analysisStatus.cpfLabel')}
          helperText={t('analysisStatus.cpfHelp')}
          errorText={field.error}
          key={field.key}
          defaultValue={field.defaultValue}
          inputRef={field.inputRef}
          onChange={field.onChange}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} sx={{ mt: 0.5 }}>
          {t('analysisStatus.lookUp')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The auto-refresh switch and when the answer on screen was received. */
export function AnalysisRefreshBar({
  autoRefresh,
  setAutoRefresh,
  updatedAt,
  fetching,
}: Pick<AnalysisStatusLookup, 'autoRefresh' | 'setAutoRefresh' | 'updatedAt' | 'fetching'>) {
  const { t, i18n } = useAnalysisStatusTranslation();
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}
    >
      <FormControlLabel
        control={<Switch checked={autoRefresh} onChange={(event) => setAutoRefresh(event.target.checked)} />}
        label={t('analysisStatus.autoRefresh', { seconds: String(AUTO_REFRESH_MS / 1000) })}
      />
      {updatedAt > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('analysisStatus.updatedAt', { time: new Date(updatedAt).toLocaleTimeString(i18n.language) })}
          {fetching ? ` · ${t('analysisStatus.updating')}` : ''}
        </Typography>
      ) : null}
    </Stack>
  );
}
