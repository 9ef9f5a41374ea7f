import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAnalysisStatusTranslation } from '../texts';
import { printClasses } from '@/components/print';
import { PrintHeader } from '@/components/print-header';
import { formatCpf } from '@/lib/cpf';
import { formatDateTime } from '@/lib/date-time-format';
import { AnalysisResults } from './analysis-results';
import { maskCpfForList } from './recent-lookups';
import type { AnalysisStatusLookup } from './use-analysis-status-lookup';

/** The answer on paper: the CPF masked unless asked whole, when it was looked up, and the analyses. */
export function AnalysisPrintView({
  cpf,
  lookup,
  paging,
  resultCount,
  updatedAt,
  fullCpfOnPaper,
}: Pick<AnalysisStatusLookup, 'lookup' | 'paging' | 'resultCount' | 'updatedAt' | 'fullCpfOnPaper'> & {
  cpf: string;
}) {
  const { t, i18n } = useAnalysisStatusTranslation();
  return (
    <Box className={printClasses.only} data-testid="analysis-print">
      <PrintHeader title={t('analysisStatus.print.title')}>
        <Typography sx={{ fontSize: '11pt', fontWeight: 700, mt: 0.5 }}>
          {t('analysisStatus.print.cpf', { cpf: fullCpfOnPaper ? formatCpf(cpf) : maskCpfForList(cpf) })}
        </Typography>
        <Typography sx={{ fontSize: '10pt' }}>
          {t('analysisStatus.print.lookedUpAt', { date: formatDateTime(updatedAt, i18n.language) })}
        </Typography>
      </PrintHeader>
      {resultCount ? <Typography sx={{ fontSize: '10pt' }}>{resultCount}</Typography> : null}
      {lookup ? (
        <AnalysisResults lookup={lookup} paging={paging} onPaper />
      ) : (
        <Typography>{t('analysisStatus.empty')}</Typography>
      )}
    </Box>
  );
}
