import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId } from 'react';
import { useAnalysisStatusTranslation } from '../texts';
import type { AnalysisLookup } from '@/api/analysis-status';
import type { AnalysisStatusPaging } from '@/config/config-schema';
import { AnalysisStatusChip } from '@/components/analysis-status-chip';
import { CopyCodeButton } from '@/components/copy-code-button';
import { TechnicalDetails } from '@/components/technical-details';
import { providerMessageText } from '../provider-message';

type T = ReturnType<typeof useAnalysisStatusTranslation>['t'];

/**
 * The count beside the heading: "3 propostas encontradas" when one page held them all, "25 de 25" (or
 * "10 de 25") when the provider splits them into pages, so the analyst sees whether every one is here.
 */
export function lookupCount(lookup: AnalysisLookup, t: T): string {
  const shown = lookup.resultados.length;
  if (lookup.shortfall === null && lookup.pagesAsked.length <= 1)
    return t('analysisStatus.found', { count: shown });
  return t('analysisStatus.shownOfTotal', {
    count: lookup.total,
    shown: String(shown),
    total: String(lookup.total),
  });
}

/**
 * The answer for one CPF: why some analyses are missing (when they are), what the provider reported, and
 * the analyses. `onPaper` leaves out what only support reads on screen.
 */
export function AnalysisResults({
  lookup,
  paging,
  onPaper = false,
}: {
  lookup: AnalysisLookup;
  paging: AnalysisStatusPaging | undefined;
  onPaper?: boolean;
}) {
  const { t } = useAnalysisStatusTranslation();
  const { resultados, erros, alertas, sucesso } = lookup;
  const shown = resultados.length;

  return (
    <Stack spacing={2}>
      {lookup.shortfall ? <ShortfallNote lookup={lookup} paging={paging} onPaper={onPaper} /> : null}
      {!sucesso ? (
        <Alert severity="error" role="note">
          {t('analysisStatus.notSuccessful')}
        </Alert>
      ) : null}
      <ProviderMessages title={t('analysisStatus.errorsHeading')} severity="error" items={erros} />
      <ProviderMessages title={t('analysisStatus.alertsHeading')} severity="warning" items={alertas} />

      {shown > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('analysisStatus.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('analysisStatus.code')}</TableCell>
                <TableCell>{t('analysisStatus.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {resultados.map((result, index) => (
                <TableRow key={`${index}:${result.CodigoParaAcompanhamento}`}>
                  <TableCell component="th" scope="row">
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Box
                        component="span"
                        sx={{ fontFamily: 'monospace', fontSize: '0.95rem', whiteSpace: 'nowrap' }}
                      >
                        {result.CodigoParaAcompanhamento}
                      </Box>
                      <CopyCodeButton code={result.CodigoParaAcompanhamento} />
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <AnalysisStatusChip status={result.Status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : sucesso ? (
        <Alert severity="info" role="note">
          {t('analysisStatus.empty')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * Why fewer analyses are shown than the provider counts, in the analyst's words; the page figures and
 * the configuration behind it under "Detalhes técnicos", for support.
 */
function ShortfallNote({
  lookup,
  paging,
  onPaper,
}: {
  lookup: AnalysisLookup;
  paging: AnalysisStatusPaging | undefined;
  onPaper: boolean;
}) {
  const { t, i18n } = useAnalysisStatusTranslation();
  const { shortfall } = lookup;
  if (!shortfall) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const figures = {
    shown: number.format(lookup.resultados.length),
    total: number.format(lookup.total),
  };
  const text =
    shortfall.reason === 'pageCap'
      ? t('analysisStatus.shortfall.pageCap', {
          ...figures,
          pages: t('analysisStatus.pages', { count: shortfall.maxPages }),
        })
      : t(`analysisStatus.shortfall.${shortfall.reason}`, figures);
  const first = lookup.firstPage;
  const technical = [
    t('analysisStatus.shortfall.technical.firstPage', {
      page: String(first.numeroDaPagina),
      size: String(first.tamanhoDaPagina),
      pages: String(first.totalDePaginas),
      total: String(first.totalDeRegistros),
      results: String(first.resultCount),
    }),
    paging
      ? t('analysisStatus.shortfall.technical.asked', {
          parameter: paging.pageParameter,
          pages: lookup.pagesAsked.join(', '),
          config: JSON.stringify(paging),
        })
      : t('analysisStatus.shortfall.technical.notConfigured'),
  ];
  return (
    <Alert severity={shortfall.reason === 'repeatedPage' ? 'warning' : 'info'} role="note">
      {text}
      {onPaper ? null : <TechnicalDetails lines={technical} />}
    </Alert>
  );
}

function ProviderMessages({
  title,
  severity,
  items,
}: {
  title: string;
  severity: 'error' | 'warning';
  items: unknown[];
}) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <Alert severity={severity} role="group" aria-labelledby={titleId}>
      <AlertTitle id={titleId}>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item, index) => {
          const text = providerMessageText(item);
          // Provider text, rendered as text (never as HTML).
          return <li key={`${index}:${text}`}>{text}</li>;
        })}
      </Box>
    </Alert>
  );
}
