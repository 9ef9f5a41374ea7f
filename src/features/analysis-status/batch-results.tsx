import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { SearchField } from '@/components/search-field';
import type { BatchLabels } from './batch-labels';
import {
  countByCategory,
  visibleRows,
  type BatchRow,
  type RowCategory,
  type SortColumn,
  type SortState,
} from './batch-rows';
import { BatchTable, type Tone } from './batch-table';
import { useBatchTranslation } from './batch-texts';

interface BatchResultsProps {
  /** Every row so far (the page passes them a step behind the progress: a deferred value). */
  rows: readonly BatchRow[];
  /** The rows are older than the batch's latest answers (the deferred render has not caught up yet). */
  behind: boolean;
  labels: BatchLabels;
  showCpfs: boolean;
  onShowCpfs: (show: boolean) => void;
  onExport: () => void;
  onPrint: () => void;
  onOpen: (cpf: string) => void;
}

// Parts that only some changes concern, memoized: a new answer re-renders the counts and the table, a
// keystroke only the filter field (MUI's styles are computed again for every component that renders).
const FilterField = memo(SearchField);

/**
 * The answers so far: counts per status (each a filter), a text filter, the table (sortable) and the
 * ways out (CSV, print). The table follows the filter, the status chosen and the sort a step behind
 * (`useDeferredValue`): a keystroke in the filter is painted at once, even while answers stream in.
 */
export const BatchResults = memo(function BatchResults({
  rows,
  behind,
  labels,
  showCpfs,
  onShowCpfs,
  onExport,
  onPrint,
  onOpen,
}: BatchResultsProps) {
  const { t, i18n } = useBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const [category, setCategory] = useState<RowCategory | null>(null);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>({ column: 'line', direction: 'asc' });
  const shownQuery = useDeferredValue(query);
  const shownCategory = useDeferredValue(category);
  const shownSort = useDeferredValue(sort);

  const counts = useMemo(() => countByCategory(rows), [rows]);
  const shown = useMemo(
    () =>
      visibleRows(rows, {
        category: shownCategory,
        query: shownQuery,
        sort: shownSort,
        label: labels.label,
      }),
    [rows, shownCategory, shownQuery, shownSort, labels],
  );
  // A filter whose status has no row any more (a new list) falls back to all.
  const activeCategory = category !== null && counts.has(category) ? category : null;

  const onSort = useCallback(
    (column: SortColumn) =>
      setSort((current) => ({
        column,
        direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc',
      })),
    [],
  );
  // One toggle pressed again shows all.
  const onCategory = useCallback(
    (key: RowCategory | null) => setCategory((current) => (key === null || current === key ? null : key)),
    [],
  );

  return (
    <Box
      component="section"
      aria-labelledby="batch-results-heading"
      // Busy while what is shown lags the answers, the filter, the status chosen or the sort.
      aria-busy={behind || shownQuery !== query || shownCategory !== category || shownSort !== sort}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="batch-results-heading" variant="h6" component="h2">
          {t('analysisBatch.results.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('analysisBatch.results.shown', {
            shown: number.format(shown.length),
            total: number.format(rows.length),
          })}
        </Typography>
      </Stack>

      <Box
        role="group"
        aria-label={t('analysisBatch.results.filterLabel')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <CategoryButton
          category={null}
          label={t('analysisBatch.results.all')}
          count={number.format(rows.length)}
          tone="outlined"
          pressed={activeCategory === null}
          onSelect={onCategory}
        />
        {[...counts].map(([key, count]) => (
          <CategoryButton
            key={key}
            category={key}
            label={labels.categoryLabel(key)}
            count={number.format(count)}
            tone={labels.categoryTone(key)}
            pressed={activeCategory === key}
            onSelect={onCategory}
          />
        ))}
      </Box>

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { md: 'center' }, mb: 2, flexWrap: 'wrap' }}
      >
        <FilterField
          label={t('analysisBatch.results.search')}
          help={t('analysisBatch.results.searchHelp')}
          value={query}
          onChange={setQuery}
        />
        <ResultsActions
          showCpfs={showCpfs}
          onShowCpfs={onShowCpfs}
          onExport={onExport}
          onPrint={onPrint}
          disabled={rows.length === 0}
        />
      </Stack>

      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('analysisBatch.results.waiting')}</Typography>
      ) : (
        <>
          <BatchTable rows={shown} text={labels.text} sort={sort} onSort={onSort} onOpen={onOpen} />
          {shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('analysisBatch.results.empty')}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
});

/** "Mostrar CPFs completos", "Exportar CSV", "Imprimir": the same whatever answers arrive. */
const ResultsActions = memo(function ResultsActions({
  showCpfs,
  onShowCpfs,
  onExport,
  onPrint,
  disabled,
}: {
  showCpfs: boolean;
  onShowCpfs: (show: boolean) => void;
  onExport: () => void;
  onPrint: () => void;
  disabled: boolean;
}) {
  const { t } = useBatchTranslation();
  return (
    <>
      <FormControlLabel
        control={<Switch checked={showCpfs} onChange={(event) => onShowCpfs(event.target.checked)} />}
        label={t('analysisBatch.results.showCpfs')}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={disabled}>
          {t('analysisBatch.results.export')}
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={onPrint} disabled={disabled}>
          {t('analysisBatch.results.print')}
        </Button>
      </Stack>
    </>
  );
});

/** One count as a toggle: pressed, it filters the table to its rows. Its tone is a dot; the words carry it. */
const CategoryButton = memo(function CategoryButton({
  category,
  label,
  count,
  tone,
  pressed,
  onSelect,
}: {
  /** Null: "Todos". */
  category: RowCategory | null;
  label: string;
  count: string;
  tone: Tone;
  pressed: boolean;
  onSelect: (category: RowCategory | null) => void;
}) {
  return (
    <Button
      size="small"
      variant={pressed ? 'contained' : 'outlined'}
      color={pressed ? 'primary' : 'inherit'}
      aria-pressed={pressed}
      onClick={() => onSelect(category)}
      sx={{ textTransform: 'none', borderRadius: 4, borderColor: pressed ? undefined : 'divider' }}
    >
      {tone === 'outlined' ? null : (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            mr: 0.75,
            flexShrink: 0,
            border: 1,
            borderColor: pressed ? 'primary.contrastText' : 'transparent',
            bgcolor: tone === 'neutral' ? 'text.disabled' : `${tone}.main`,
          }}
        />
      )}
      {label}{' '}
      <Box component="span" sx={{ ml: 0.5, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {count}
      </Box>
    </Button>
  );
});
