import type { InvalidCpfEntry } from '@/lib/cpf-list';
import { maskCpfRuns, maskPastedLine } from '@/lib/personal-data-mask';
import type { BatchLabels } from './batch-labels';
import type { BatchRow } from './batch-rows';
import type { BatchT } from './batch-texts';

/**
 * An entry of the list as written, masked: every letter (it may be a name pasted alone on a line) and
 * every digit but the last four (as the screen masks a CPF).
 */
export function maskEntry(text: string): string {
  return maskPastedLine(text);
}

/**
 * The batch as CSV cells: the rows given (every row, or those a filter shows), one per tracking code and
 * one for each CPF without any (no applications, not found, failed, not looked up), then the entries of
 * the list that were not CPFs (pass none with a filter). The CPF is written with its punctuation
 * (`529.982.247-25`, or masked `***.***.*47-25` as the labels' `cpf` says): a spreadsheet keeps it as
 * text, with its leading zeros. The status in words, then its code as the provider sent it.
 */
export function batchCsvCells(
  rows: readonly BatchRow[],
  invalid: readonly InvalidCpfEntry[],
  labels: BatchLabels,
  t: BatchT,
  invalidReason: (entry: InvalidCpfEntry) => string,
  fullCpfs: boolean,
): { header: string[]; cells: string[][] } {
  const header = [
    t('analysisBatch.results.csv.line'),
    t('analysisBatch.results.csv.cpf'),
    t('analysisBatch.results.csv.code'),
    t('analysisBatch.results.csv.status'),
    t('analysisBatch.results.csv.providerStatus'),
    t('analysisBatch.results.csv.outcome'),
    t('analysisBatch.results.csv.errors'),
    t('analysisBatch.results.csv.alerts'),
    t('analysisBatch.results.csv.failure'),
    t('analysisBatch.results.csv.notes'),
  ];
  // Masked CPFs are a file without personal data: the provider's texts (its notes, its messages in a
  // failure) keep their words but no CPF-like digit run.
  const text = fullCpfs ? (value: string) => value : maskCpfRuns;
  const cells = rows.map((row) => [
    String(row.line),
    labels.cpf(row.cpf),
    row.code ?? '',
    row.kind === 'analysis' ? labels.label(row) : '',
    row.status ?? '',
    row.kind === 'analysis' ? t('analysisBatch.results.csv.found') : labels.label(row),
    text(row.errors.join(' | ')),
    text(row.alerts.join(' | ')),
    text(labels.failure(row)),
    [
      row.kind === 'stopped' ? t('analysisBatch.results.notes.stopped') : '',
      row.unsuccessful && row.kind === 'analysis' ? t('analysisBatch.results.notes.unsuccessful') : '',
      labels.unread(row),
    ]
      .filter(Boolean)
      .join(' · '),
  ]);
  for (const entry of invalid) {
    cells.push([
      String(entry.line),
      fullCpfs ? entry.text : maskEntry(entry.text),
      '',
      '',
      '',
      t('analysisBatch.results.csv.invalid'),
      '',
      '',
      invalidReason(entry),
      '',
    ]);
  }
  return { header, cells };
}

/** Downloads the CSV (UTF-8 with BOM, `;`, formula-safe: src/lib/csv.ts, loaded only now). */
export async function downloadBatchCsv(fileNamePrefix: string, header: string[], cells: string[][]) {
  const { downloadTextFile, stampedFileName, toCsv } = await import('@/lib/csv');
  downloadTextFile(stampedFileName(fileNamePrefix), toCsv(header, cells));
}
