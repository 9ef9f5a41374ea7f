import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type Ref,
} from 'react';
import { PageContainer } from '@/components/page-container';
import { printClasses, usePrint } from '@/components/print';
import { useNavigateWithHandOff } from '@/hooks/use-hand-off';
import { useMemoryStore } from '@/hooks/use-memory-store';
import { useServices } from '@/hooks/services-context';
import { useRuntimeConfig } from '@/config/config-context';
import { MAX_BATCH_CPFS, type ParsedCpfList } from '@/lib/cpf-list';
import { AnalysisTabs } from '../analysis-tabs';
import { batchCsvCells, downloadBatchCsv } from './batch-export';
import type { OutputChoice } from './batch-output-dialog';
import { BatchInput } from './batch-input';
import { invalidReasonText, useBatchLabels, type BatchLabels } from './batch-labels';
import { BatchPrintView } from './batch-print-view';
import { BatchProgress } from './batch-progress';
import { BatchResults } from './batch-results';
import { batchRows, visibleRows, type BatchRow } from './batch-rows';
import { batchView, clearBatch, retryBatch, startBatch, stopBatch } from './batch-store';
import { useAnalysisBatchTranslation } from './batch-texts';
import type { OutputKind, OutputView } from './use-batch-results-view';

/** The id of the tab's batch, or null: what the page itself re-renders for (not every answer). */
const currentBatchId = () => batchView.get()?.id ?? null;

/**
 * Batch lookup (docs/screens/batch-status.md): a day's CPFs at once, checked before anything is sent,
 * looked up a few at a time through the single lookup's query factory, with progress, a results table,
 * CSV and print. Everything lives in memory stores (batch-store.ts); no CPF reaches the URL.
 *
 * While answers stream in, only the parts that show them render: the progress at every publication, the
 * results a step behind it (`useDeferredValue`, a render React may interrupt), so that a keystroke or a
 * click never waits for the table.
 */
export function AnalysisBatchPage() {
  const { t, i18n } = useAnalysisBatchTranslation();
  const queryClient = useQueryClient();
  const { http } = useServices();
  const { batchConcurrency, analysisStatusPaging } = useRuntimeConfig();
  const batchId = useSyncExternalStore(batchView.subscribe, currentBatchId, currentBatchId);
  const [showCpfs, setShowCpfs] = useState(false);
  const fullLabels = useBatchLabels(true);
  const maskedLabels = useBatchLabels(false);
  const labels = showCpfs ? fullLabels : maskedLabels;
  // What the last "Imprimir" asked for (a print from the browser's menu, before any: every row, CPFs as
  // on screen). The paper says which.
  const [printRequest, setPrintRequest] = useState<PrintRequest | null>(null);
  const { printing, print } = usePrint();
  const navigateWithHandOff = useNavigateWithHandOff();
  // The latest navigate for the rows' one click handler, which stays the same (the table is memoized).
  const navigateRef = useRef(navigateWithHandOff);
  useEffect(() => {
    navigateRef.current = navigateWithHandOff;
  });
  const openInSingleLookup = useCallback((cpf: string) => navigateRef.current('analysisStatus', { cpf }), []);
  const fieldRef = useRef<HTMLInputElement>(null);
  const progressHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes after the screen swaps its parts: the progress when a batch starts, the list after.
  const [focusTarget, setFocusTarget] = useState<'progress' | 'list' | null>(null);

  useEffect(() => {
    if (focusTarget === 'progress') progressHeadingRef.current?.focus();
    if (focusTarget === 'list') fieldRef.current?.focus();
  }, [focusTarget, batchId]);

  const start = (list: ParsedCpfList) => {
    if (list.cpfs.length === 0 || list.cpfs.length > MAX_BATCH_CPFS) return;
    startBatch({
      queryClient,
      http,
      entries: list.cpfs,
      invalid: list.invalid,
      repeatCount: list.repeatCount,
      concurrency: batchConcurrency,
      paging: analysisStatusPaging,
    });
    setFocusTarget('progress');
  };

  const newList = useCallback(() => {
    clearBatch();
    setFocusTarget('list');
  }, []);

  // Every answer so far, read when asked (not the rows on screen, which may be a step behind), with the
  // filter when the analyst chose its rows, in the table's order.
  const output = useCallback(
    (kind: OutputKind, choice: OutputChoice, view: OutputView) => {
      const filtered = choice.rows === 'filtered' && view.filterText !== null;
      if (kind === 'print') {
        setPrintRequest({
          filter: filtered
            ? { category: view.category, query: view.query, text: view.filterText ?? '' }
            : null,
          sort: view.sort,
          fullCpfs: choice.fullCpfs,
        });
        print();
        return;
      }
      const current = batchView.get();
      if (!current) return;
      const chosen = choice.fullCpfs ? fullLabels : maskedLabels;
      const rows = visibleRows(batchRows(current.entries, current.states), {
        category: filtered ? view.category : null,
        query: filtered ? view.query : '',
        sort: view.sort,
        label: chosen.label,
      });
      const { header, cells } = batchCsvCells(
        rows,
        filtered ? [] : current.invalid,
        chosen,
        t,
        (entry) => invalidReasonText(entry, t, chosen.cpf),
        choice.fullCpfs,
      );
      void downloadBatchCsv(
        t(filtered ? 'analysisBatch.results.csv.filteredFileName' : 'analysisBatch.results.fileName'),
        header,
        cells,
      );
    },
    [fullLabels, maskedLabels, print, t],
  );

  return (
    <>
      <Box className={printClasses.hidden}>
        <PageContainer
          title={t('analysisBatch.title')}
          intro={t('analysisBatch.intro', {
            max: new Intl.NumberFormat(i18n.language).format(MAX_BATCH_CPFS),
          })}
        >
          <AnalysisTabs current="batch" />
          {batchId === null ? (
            <BatchInput onStart={start} fieldRef={fieldRef} />
          ) : (
            <Stack spacing={4}>
              <LiveProgress headingRef={progressHeadingRef} onNewList={newList} />
              <LiveResults
                labels={labels}
                showCpfs={showCpfs}
                onShowCpfs={setShowCpfs}
                onOutput={output}
                onOpen={openInSingleLookup}
              />
            </Stack>
          )}
        </PageContainer>
      </Box>
      {printing ? (
        <LivePrintView
          labels={(printRequest?.fullCpfs ?? showCpfs) ? fullLabels : maskedLabels}
          request={printRequest}
        />
      ) : null}
    </>
  );
}

/** The progress, at every publication of the batch. */
function LiveProgress({
  headingRef,
  onNewList,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  onNewList: () => void;
}) {
  const view = useMemoryStore(batchView);
  if (!view) return null;
  return (
    <BatchProgress
      view={view}
      headingRef={headingRef}
      onStop={stopBatch}
      onRetry={retryBatch}
      onNewList={onNewList}
    />
  );
}

/** The results, a publication behind when answers come faster than they render. */
function LiveResults(props: Omit<ComponentProps<typeof BatchResults>, 'rows' | 'behind' | 'invalidCount'>) {
  const latest = useMemoryStore(batchView);
  const view = useDeferredValue(latest);
  const rows = useMemo(() => (view ? batchRows(view.entries, view.states) : []), [view]);
  return (
    <BatchResults rows={rows} behind={view !== latest} invalidCount={view?.invalid.length ?? 0} {...props} />
  );
}

/** What a printout holds: the filter's rows or every row (null), in the table's order. */
interface PrintRequest {
  filter: { category: OutputView['category']; query: string; text: string } | null;
  sort: OutputView['sort'];
  fullCpfs: boolean;
}

/** The print layout: the answers asked for, at the moment of printing. */
function LivePrintView({ labels, request }: { labels: BatchLabels; request: PrintRequest | null }) {
  const view = useMemoryStore(batchView);
  if (!view) return null;
  const all: BatchRow[] = batchRows(view.entries, view.states);
  const rows = visibleRows(all, {
    category: request?.filter?.category ?? null,
    query: request?.filter?.query ?? '',
    sort: request?.sort ?? { column: 'line', direction: 'asc' },
    label: labels.label,
  });
  return (
    <BatchPrintView
      view={view}
      rows={rows}
      total={all.length}
      filter={request?.filter?.text ?? null}
      labels={labels}
    />
  );
}
