import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { printClasses } from '@/components/print';
import { PrintHeader } from '@/components/print-header';
import { maskEntry } from './batch-export';
import { invalidReasonText, type BatchLabels } from './batch-labels';
import { countByCategory, type BatchRow } from './batch-rows';
import type { BatchView } from './batch-store';
import { useAnalysisBatchTranslation } from './batch-texts';
import { formatDateTime } from '@/lib/date-time-format';

const cell = {
  border: '1px solid #000',
  padding: '3px 5px',
  textAlign: 'left',
  verticalAlign: 'top',
} as const;

/**
 * The batch on paper: the print header (institution, environment, date and time, operator), the counts
 * and every row in one plain table (not virtualized: paper has no scroll), its header repeated on each
 * page and no row cut across two. Rendered only while printing (src/components/print.tsx).
 */
export function BatchPrintView({
  view,
  rows,
  total,
  filter,
  labels,
}: {
  view: BatchView;
  /** The rows printed: every row, or those of the filter. */
  rows: readonly BatchRow[];
  /** How many rows the batch has. */
  total: number;
  /** The filter in words when only its rows are printed (the invalid entries are left out then). */
  filter: string | null;
  /** Whole or masked CPFs, as the analyst chose. */
  labels: BatchLabels;
}) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const counts = countByCategory(rows);
  const startedAt = formatDateTime(view.startedAt, i18n.language);
  const columns = ['line', 'cpf', 'status', 'code', 'notes'] as const;
  const masked = !labels.fullCpfs;

  return (
    <Box className={printClasses.only} sx={{ fontSize: '9pt', '& table': { breakInside: 'auto' } }}>
      <PrintHeader title={t('analysisBatch.print.title')}>
        <Typography sx={{ fontSize: '10pt', mt: 0.5 }}>
          {t('analysisBatch.print.summary', { total: number.format(view.entries.length), date: startedAt })}
        </Typography>
        <Typography sx={{ fontSize: '10pt' }} data-testid="print-counts">
          {[
            `${t('analysisBatch.results.all')}: ${number.format(rows.length)}`,
            ...[...counts].map(([key, count]) => `${labels.categoryLabel(key)}: ${number.format(count)}`),
          ].join(' · ')}
        </Typography>
        <Typography sx={{ fontSize: '10pt' }} data-testid="print-selection">
          {[
            filter === null
              ? t('analysisBatch.print.rowsAll', { total: number.format(total) })
              : t('analysisBatch.print.rowsFiltered', {
                  filter,
                  shown: number.format(rows.length),
                  total: number.format(total),
                }),
            t(masked ? 'analysisBatch.print.cpfsMasked' : 'analysisBatch.print.cpfsFull'),
          ].join(' ')}
        </Typography>
      </PrintHeader>

      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& thead': { display: 'table-header-group' },
          '& tr': { breakInside: 'avoid' },
          '& th, & td': cell,
          '& th': { fontWeight: 700 },
        }}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`analysisBatch.results.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const text = labels.text(row);
            return (
              <tr key={row.key}>
                <td>{row.line}</td>
                <td style={{ whiteSpace: 'nowrap' }}>{text.cpf}</td>
                <td>{text.status}</td>
                <td style={{ whiteSpace: 'nowrap' }}>{row.code ?? '—'}</td>
                <td>{text.notes}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>

      {filter === null && view.invalid.length > 0 ? (
        <Box sx={{ mt: 2, breakInside: 'avoid' }}>
          <Typography component="h2" sx={{ fontSize: '11pt', fontWeight: 700 }}>
            {t('analysisBatch.print.invalidHeading')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {view.invalid.map((entry, index) => (
              <li key={`${entry.line}:${index}`}>
                {t('analysisBatch.input.invalidLine', {
                  line: number.format(entry.line),
                  // Masked as the CPFs are, unless the analyst chose to show them.
                  text: masked ? maskEntry(entry.text) : entry.text,
                  reason: invalidReasonText(entry, t, labels.cpf),
                })}
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
