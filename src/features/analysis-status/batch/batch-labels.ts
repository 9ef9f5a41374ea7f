import { useMemo } from 'react';
import { describeApiError } from '@/api/describe-api-error';
import { useRuntimeConfig } from '@/config/config-context';
import { statusLabel } from '@/config/status-label';
import { formatCpf } from '@/lib/cpf';
import type { InvalidCpfEntry } from '@/lib/cpf-list';
import type { BatchRow, RowCategory } from './batch-rows';
import type { RowText, Tone } from './batch-table';
import { useAnalysisBatchTranslation, type BatchT } from './batch-texts';
import { maskCpfForList } from '../lookup/recent-lookups';

export interface BatchLabels {
  /** What a row shows on screen and on paper. */
  text: (row: BatchRow) => RowText;
  /** A row's status or outcome in words (what the status filter and sort use). */
  label: (row: BatchRow) => string;
  categoryLabel: (category: RowCategory) => string;
  categoryTone: (category: RowCategory) => Tone;
  /** Why a failed row failed, in words (with the provider's own message). */
  failure: (row: BatchRow) => string;
  /** The CPF as the screen shows it: masked (`***.***.*47-25`) unless the analyst chose to see it. */
  cpf: (cpf: string) => string;
  /** Whether `cpf` writes CPFs whole. */
  fullCpfs: boolean;
  /** The analyses the lookup did not read and why, on a CPF's first row only (else ''). */
  unread: (row: BatchRow) => string;
}

/**
 * The words of the batch's rows in the UI language, from the config's known statuses (labels and tones,
 * as AnalysisStatusChip) and the same error descriptions as the single lookup.
 */
export function useBatchLabels(showCpfs: boolean): BatchLabels {
  const { t, i18n } = useAnalysisBatchTranslation();
  const { analysisStatuses, requestTimeoutMs } = useRuntimeConfig();
  const language = i18n.language;

  return useMemo(() => {
    const known = new Map(analysisStatuses.map((status) => [status.value, status]));
    const labelOf = (status: string) => statusLabel(status, known.get(status), language);
    const categoryLabel = (category: RowCategory) =>
      category.startsWith('status:')
        ? labelOf(category.slice('status:'.length))
        : t(`analysisBatch.results.kind.${category as Exclude<RowCategory, `status:${string}`>}`);
    const categoryTone = (category: RowCategory): Tone => {
      if (category.startsWith('status:'))
        return known.get(category.slice('status:'.length))?.tone ?? 'outlined';
      if (category === 'failed' || category === 'unsuccessful') return 'error';
      return 'outlined';
    };
    const label = (row: BatchRow) =>
      row.kind === 'analysis' ? labelOf(row.status ?? '') : t(`analysisBatch.results.kind.${row.kind}`);
    const failure = (row: BatchRow) => {
      if (row.kind !== 'failed') return '';
      const described = describeApiError(row.failure, t, requestTimeoutMs);
      return [
        described.summary,
        ...described.providerMessages,
        row.attempts > 1 ? t('analysisBatch.results.notes.attempts', { count: row.attempts }) : '',
      ]
        .filter(Boolean)
        .join(' ');
    };
    // Analyses the provider counts that the lookup did not read: said once per CPF, on its first row.
    const unreadNote = (row: BatchRow) => {
      if (!row.unread || !row.key.endsWith('#0')) return '';
      const { count, shortfall } = row.unread;
      return shortfall.reason === 'pageCap'
        ? t('analysisBatch.results.notes.unread.pageCap', {
            count,
            pages: t('analysisBatch.results.notes.unread.pages', { count: shortfall.maxPages }),
          })
        : t(`analysisBatch.results.notes.unread.${shortfall.reason}`, { count });
    };
    const notes = (row: BatchRow) =>
      [
        failure(row),
        row.kind === 'stopped' ? t('analysisBatch.results.notes.stopped') : '',
        ...row.errors.map((text) => t('analysisBatch.results.notes.error', { text })),
        ...row.alerts.map((text) => t('analysisBatch.results.notes.alert', { text })),
        row.unsuccessful && row.kind === 'analysis' ? t('analysisBatch.results.notes.unsuccessful') : '',
        unreadNote(row),
      ]
        .filter(Boolean)
        .join(' · ');
    const cpf = (digits: string) => (showCpfs ? formatCpf(digits) : maskCpfForList(digits));
    const cache = new WeakMap<BatchRow, RowText>();
    const text = (row: BatchRow): RowText => {
      let cached = cache.get(row);
      if (!cached) {
        const shown = cpf(row.cpf);
        cached = {
          cpf: shown,
          status: label(row),
          tone:
            row.kind === 'analysis'
              ? (known.get(row.status ?? '')?.tone ?? 'outlined')
              : categoryTone(row.kind),
          notes: notes(row),
          openText: t('analysisBatch.results.open'),
          openLabel: t('analysisBatch.results.openLabel', { cpf: shown }),
        };
        cache.set(row, cached);
      }
      return cached;
    };
    return { text, label, categoryLabel, categoryTone, failure, cpf, fullCpfs: showCpfs, unread: unreadNote };
  }, [analysisStatuses, requestTimeoutMs, language, showCpfs, t]);
}

/**
 * Why an entry of the list is not a CPF, in words. `showCpf` writes the CPF it would be with its zeros
 * (masked on paper unless the analyst chose to show CPFs).
 */
export function invalidReasonText(
  entry: InvalidCpfEntry,
  t: BatchT,
  showCpf: (digits: string) => string = formatCpf,
): string {
  const { reason } = entry;
  switch (reason.kind) {
    case 'checkDigits':
      return t('analysisBatch.input.reason.checkDigits');
    case 'leadingZeros':
      return t('analysisBatch.input.reason.leadingZeros', {
        digits: String(entry.text.length),
        completed: showCpf(reason.completed),
      });
    case 'length':
      return t('analysisBatch.input.reason.length', { digits: String(reason.digits) });
    case 'notACpf':
      return t('analysisBatch.input.reason.notACpf');
  }
}
