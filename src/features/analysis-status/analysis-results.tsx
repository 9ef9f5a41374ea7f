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
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from './texts';
import type { AnalysisStatusPage } from '@/api/schemas/analysis-status';
import { AnalysisStatusChip } from '@/components/analysis-status-chip';
import { CopyCodeButton } from '@/components/copy-code-button';
import { providerMessageText } from './provider-message';

type Conteudo = AnalysisStatusPage['conteudo'];

/** The answer for one CPF: the analyses, the page figures and whatever the provider reported. */
export function AnalysisResults({ conteudo }: { conteudo: Conteudo }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { resultados, erros, alertas, sucesso } = conteudo;
  const shown = resultados.length;
  const hiddenByPaging = conteudo.totalDePaginas > 1 || conteudo.totalDeRegistros > shown;

  return (
    <Stack spacing={2}>
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
                      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.95rem' }}>
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

      <PageFigures conteudo={conteudo} />
      {hiddenByPaging ? (
        <Alert severity="info" role="note">
          {t('analysisStatus.moreThanShown', {
            total: number.format(conteudo.totalDeRegistros),
            pages: number.format(conteudo.totalDePaginas),
            shown: number.format(shown),
          })}
        </Alert>
      ) : null}
    </Stack>
  );
}

function PageFigures({ conteudo }: { conteudo: Conteudo }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    [t('analysisStatus.figures.page'), conteudo.numeroDaPagina],
    [t('analysisStatus.figures.pageSize'), conteudo.tamanhoDaPagina],
    [t('analysisStatus.figures.totalPages'), conteudo.totalDePaginas],
    [t('analysisStatus.figures.totalRecords'), conteudo.totalDeRegistros],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label={t('analysisStatus.figures.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}
    >
      {figures.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {number.format(value)}
          </Typography>
        </div>
      ))}
    </Box>
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
