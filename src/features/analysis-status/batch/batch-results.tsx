import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { lazy, memo, type Ref, Suspense } from 'react';
import { SearchField } from '@/components/search-field';
import type { BatchLabels } from './batch-labels';
import type { BatchRow } from './batch-rows';
import type { OutputChoice } from './batch-output-dialog';
import { BatchCategoryFilter } from './batch-category-filter';
import { BatchTable } from './batch-table';
import { useAnalysisBatchTranslation } from './batch-texts';
import { useBatchResultsView, type OutputKind, type OutputView } from './use-batch-results-view';

// The question before an export or a print (radios, a dialog) loads when first asked, not with the table.
const BatchOutputDialog = lazy(async () => ({
  default: (await import('./batch-output-dialog')).BatchOutputDialog,
}));

interface BatchResultsProps {
  /** Every row so far (the page passes them a step behind the progress: a deferred value). */
  rows: readonly BatchRow[];
  /** The rows are older than the batch's latest answers (the deferred render has not caught up yet). */
  behind: boolean;
  labels: BatchLabels;
  showCpfs: boolean;
  onShowCpfs: (show: boolean) => void;
  /** Entries of the list that were not CPFs (a CSV or a printout of every row lists them after it). */
  invalidCount: number;
  /** A CSV or a printout, once the analyst has said what it holds. */
  onOutput: (kind: OutputKind, choice: OutputChoice, view: OutputView) => void;
  onOpen: (cpf: string) => void;
}

// Parts that only some changes concern, memoized: a new answer re-renders the counts and the table, a
// keystroke only the filter field (MUI's styles are computed again for every component that renders).
const FilterField = memo(SearchField);

/**
 * The answers so far: counts per status (each a filter), a text filter, the table (sortable) and the
 * ways out (CSV, print). What is shown of the rows is `useBatchResultsView`'s.
 *
 * Not memoized itself: it is the shell that says whether what is shown lags (`aria-busy`), which flips at
 * every publication of the batch; everything inside it is memoized on what it shows, so that render
 * (and a keystroke's) draws nothing else.
 */
export function BatchResults({
  rows,
  behind,
  labels,
  showCpfs,
  onShowCpfs,
  invalidCount,
  onOutput,
  onOpen,
}: BatchResultsProps) {
  const { t } = useAnalysisBatchTranslation();
  const { actionsRef, view } = useBatchResultsView(rows, labels);
  const { shown, asking } = view;

  return (
    <Box
      component="section"
      aria-labelledby="batch-results-heading"
      // Busy while what is shown lags the answers, the filter, the status chosen or the sort.
      aria-busy={behind || view.lagging}
    >
      <ResultsHeading shown={shown.length} total={rows.length} />

      <BatchCategoryFilter
        total={rows.length}
        counts={view.counts}
        labels={labels}
        active={view.activeCategory}
        onSelect={view.onCategory}
      />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={filterBarSx}>
        <FilterField
          label={t('analysisBatch.results.search')}
          help={t('analysisBatch.results.searchHelp')}
          value={view.query}
          onChange={view.setQuery}
        />
        <ResultsActions
          showCpfs={showCpfs}
          onShowCpfs={onShowCpfs}
          onAsk={view.onAsk}
          disabled={rows.length === 0}
          actionsRef={actionsRef}
        />
      </Stack>
      {asking ? (
        <Suspense fallback={null}>
          <BatchOutputDialog
            kind={asking}
            filter={view.filterText}
            shownCount={shown.length}
            totalCount={rows.length}
            invalidCount={invalidCount}
            showCpfs={showCpfs}
            onClose={view.closeAsking}
            onConfirm={(choice) => {
              view.closeAsking();
              onOutput(asking, choice, view.outputView());
            }}
            returnFocusTo={() =>
              actionsRef.current?.querySelector<HTMLElement>(`[data-output="${asking}"]`) ?? null
            }
          />
        </Suspense>
      ) : null}

      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('analysisBatch.results.waiting')}</Typography>
      ) : (
        <>
          <BatchTable rows={shown} text={labels.text} sort={view.sort} onSort={view.onSort} onOpen={onOpen} />
          {shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('analysisBatch.results.empty')}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}

const filterBarSx = { alignItems: { md: 'center' }, mb: 2, flexWrap: 'wrap' } as const;

/** "Resultados" and "12 de 40 linhas": re-rendered when a count changes. */
const ResultsHeading = memo(function ResultsHeading({ shown, total }: { shown: number; total: number }) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
      <Typography id="batch-results-heading" variant="h6" component="h2">
        {t('analysisBatch.results.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('analysisBatch.results.shown', { shown: number.format(shown), total: number.format(total) })}
      </Typography>
    </Stack>
  );
});

/** "Mostrar CPFs completos", "Exportar CSV", "Imprimir": the same whatever answers arrive. */
const ResultsActions = memo(function ResultsActions({
  showCpfs,
  onShowCpfs,
  onAsk,
  disabled,
  actionsRef,
}: {
  showCpfs: boolean;
  onShowCpfs: (show: boolean) => void;
  onAsk: (kind: OutputKind) => void;
  disabled: boolean;
  actionsRef: Ref<HTMLDivElement>;
}) {
  const { t } = useAnalysisBatchTranslation();
  return (
    <>
      <FormControlLabel
        control={<Switch checked={showCpfs} onChange={(event) => onShowCpfs(event.target.checked)} />}
        label={t('analysisBatch.results.showCpfs')}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Stack ref={actionsRef} direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => onAsk('csv')}
          disabled={disabled}
          data-output="csv"
        >
          {t('analysisBatch.results.export')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PrintIcon />}
          onClick={() => onAsk('print')}
          disabled={disabled}
          data-output="print"
        >
          {t('analysisBatch.results.print')}
        </Button>
      </Stack>
    </>
  );
});
