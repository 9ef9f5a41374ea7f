import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PageContainer } from '@/components/page-container';
import { printClasses, usePrint } from '@/components/print';
import { useNavigateWithHandOff } from '@/components/use-hand-off';
import { useMemoryStore } from '@/components/use-memory-store';
import { useRuntimeConfig } from '@/config/config-context';
import { MAX_BATCH_CPFS, type ParsedCpfList } from '@/lib/cpf-list';
import { AnalysisTabs } from './analysis-tabs';
import { batchCsvCells, downloadBatchCsv } from './batch-export';
import { BatchInput } from './batch-input';
import { invalidReasonText, useBatchLabels } from './batch-labels';
import { BatchLeaveGuard } from './batch-leave-guard';
import { BatchPrintView } from './batch-print-view';
import { BatchProgress } from './batch-progress';
import { BatchResults } from './batch-results';
import { batchRows } from './batch-rows';
import { startBatch } from './batch-runner';
import { batchView, clearBatch, retryBatch, stopBatch } from './batch-store';
import { useBatchTranslation } from './batch-texts';

/**
 * Batch lookup (docs/screens/batch-status.md): a day's CPFs at once, checked before anything is sent,
 * looked up a few at a time through the single lookup's query factory, with progress, a results table,
 * CSV and print. Everything lives in memory stores (batch-store.ts); no CPF reaches the URL.
 */
export function AnalysisBatchPage() {
  const { t, i18n } = useBatchTranslation();
  const queryClient = useQueryClient();
  const { batchConcurrency } = useRuntimeConfig();
  const view = useMemoryStore(batchView);
  const [showCpfs, setShowCpfs] = useState(false);
  const labels = useBatchLabels(showCpfs);
  const rows = useMemo(() => (view ? batchRows(view.entries, view.states) : []), [view]);
  const { printing, print } = usePrint();
  const openInSingleLookup = useNavigateWithHandOff();
  const fieldRef = useRef<HTMLInputElement>(null);
  const progressHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes after the screen swaps its parts: the progress when a batch starts, the list after.
  const [focusTarget, setFocusTarget] = useState<'progress' | 'list' | null>(null);

  useEffect(() => {
    if (focusTarget === 'progress') progressHeadingRef.current?.focus();
    if (focusTarget === 'list') fieldRef.current?.focus();
  }, [focusTarget, view?.id]);

  const start = (list: ParsedCpfList) => {
    if (list.cpfs.length === 0 || list.cpfs.length > MAX_BATCH_CPFS) return;
    startBatch({
      queryClient,
      entries: list.cpfs,
      invalid: list.invalid,
      repeatCount: list.repeatCount,
      concurrency: batchConcurrency,
    });
    setFocusTarget('progress');
  };

  const exportCsv = () => {
    if (!view) return;
    const { header, cells } = batchCsvCells(rows, view.invalid, labels, t, (entry) =>
      invalidReasonText(entry, t),
    );
    void downloadBatchCsv(t('analysisBatch.results.fileName'), header, cells);
  };

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
          {view === null ? (
            <BatchInput onStart={start} fieldRef={fieldRef} />
          ) : (
            <Stack spacing={4}>
              <BatchProgress
                view={view}
                headingRef={progressHeadingRef}
                onStop={stopBatch}
                onRetry={retryBatch}
                onNewList={() => {
                  clearBatch();
                  setFocusTarget('list');
                }}
              />
              <BatchResults
                rows={rows}
                labels={labels}
                showCpfs={showCpfs}
                onShowCpfs={setShowCpfs}
                onExport={exportCsv}
                onPrint={print}
                onOpen={(cpf) => openInSingleLookup('analysisStatus', { cpf })}
              />
            </Stack>
          )}
        </PageContainer>
      </Box>
      {printing && view ? (
        <BatchPrintView view={view} rows={rows} labels={labels} showCpfs={showCpfs} />
      ) : null}
      <BatchLeaveGuard />
    </>
  );
}
