import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { BatchLabels } from './batch-labels';
import {
  countByCategory,
  visibleRows,
  type BatchRow,
  type RowCategory,
  type SortColumn,
  type SortState,
} from './batch-rows';

export type OutputKind = 'csv' | 'print';

/** The table as the analyst sees it when asking for a CSV or a printout. */
export interface OutputView {
  category: RowCategory | null;
  query: string;
  sort: SortState;
  /** The filter in words ("Aprovada, “390533”"), null without one. */
  filterText: string | null;
}

/**
 * What the results show of the rows: the status chosen, the text filter and the sort, each followed by
 * the table a step behind (`useDeferredValue`), so that a keystroke in the filter is painted at once, even
 * while answers stream in; and the CSV or print being asked about.
 */
export function useBatchResultsView(rows: readonly BatchRow[], labels: BatchLabels) {
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
  const filterText =
    activeCategory === null && query.trim() === ''
      ? null
      : [
          activeCategory === null ? '' : labels.categoryLabel(activeCategory),
          query.trim() ? `“${query.trim()}”` : '',
        ]
          .filter(Boolean)
          .join(', ');
  const [asking, setAsking] = useState<OutputKind | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // Stable callbacks: the memoized parts they go to re-render only for what concerns them.
  const onAsk = useCallback((kind: OutputKind) => setAsking(kind), []);
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

  return {
    // Apart from the state below, so that reading the state during render reads no ref.
    actionsRef,
    view: {
      counts,
      shown,
      activeCategory,
      onCategory,
      query,
      setQuery,
      sort,
      onSort,
      /** What is shown lags the filter, the status chosen or the sort. */
      lagging: shownQuery !== query || shownCategory !== category || shownSort !== sort,
      asking,
      onAsk,
      closeAsking: () => setAsking(null),
      /** The table as it is now, for the CSV or the printout asked for. */
      outputView: (): OutputView => ({ category: activeCategory, query, sort, filterText }),
      filterText,
    },
  };
}
