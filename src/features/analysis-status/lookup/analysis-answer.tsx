import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAnalysisStatusTranslation } from '../texts';
import { formatCpf } from '@/lib/cpf';
import { AnalysisResults } from './analysis-results';
import type { AnalysisStatusLookup } from './use-analysis-status-lookup';

type AnswerProps = Pick<
  AnalysisStatusLookup,
  | 'fetching'
  | 'loading'
  | 'answeredCpf'
  | 'lookup'
  | 'paging'
  | 'resultCount'
  | 'print'
  | 'fullCpfOnPaper'
  | 'setFullCpfOnPaper'
>;

/** The answer on screen: busy while it is on the way, then the analyses of the CPF (or that it has none). */
export function AnalysisAnswer({
  fetching,
  loading,
  answeredCpf,
  lookup,
  paging,
  resultCount,
  print,
  fullCpfOnPaper,
  setFullCpfOnPaper,
}: AnswerProps) {
  const { t } = useAnalysisStatusTranslation();
  return (
    <Box aria-busy={fetching}>
      {loading ? (
        <Stack spacing={1}>
          <Typography color="text.secondary">{t('analysisStatus.loading')}</Typography>
          <LinearProgress aria-label={t('analysisStatus.loading')} />
        </Stack>
      ) : null}
      {answeredCpf === null ? null : (
        <AnsweredCpf
          cpf={answeredCpf}
          lookup={lookup}
          paging={paging}
          resultCount={resultCount}
          print={print}
          fullCpfOnPaper={fullCpfOnPaper}
          setFullCpfOnPaper={setFullCpfOnPaper}
        />
      )}
    </Box>
  );
}

function AnsweredCpf({
  cpf,
  lookup,
  paging,
  resultCount,
  print,
  fullCpfOnPaper,
  setFullCpfOnPaper,
}: Omit<AnswerProps, 'fetching' | 'loading' | 'answeredCpf'> & { cpf: string }) {
  const { t } = useAnalysisStatusTranslation();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('analysisStatus.resultsHeading', { cpf: formatCpf(cpf) })}
        </Typography>
        <Typography color="text.secondary">{resultCount}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { sm: 'auto' } }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={fullCpfOnPaper}
                onChange={(event) => setFullCpfOnPaper(event.target.checked)}
              />
            }
            label={t('analysisStatus.print.fullCpf')}
          />
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={print}>
            {t('analysisStatus.print.action')}
          </Button>
        </Stack>
      </Stack>
      {lookup ? (
        <AnalysisResults lookup={lookup} paging={paging} />
      ) : (
        <Alert severity="info" role="note">
          {t('analysisStatus.empty')}
        </Alert>
      )}
    </Stack>
  );
}
