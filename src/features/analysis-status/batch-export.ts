import { formatCpf } from '@/lib/cpf';
import type { InvalidCpfEntry } from '@/lib/cpf-list';
import type { BatchLabels } from './batch-labels';
import type { BatchRow } from './batch-rows';
import type { BatchT } from './batch-texts';

/**
 * The batch as CSV cells: one row per tracking code, one for each CPF without any (no applications, not
 * found, failed, not looked up), then the entries of the list that were not CPFs. The CPF is written in
 * full and masked (`529.982.247-25`): a spreadsheet keeps it as text, with its leading zeros.
 */
export function batchCsvCells(
  rows: readonly BatchRow[],
  invalid: readonly InvalidCpfEntry[],
  labels: BatchLabels,
  t: BatchT,
  invalidReason: (entry: InvalidCpfEntry) => string,
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
  ];
  const cells = rows.map((row) => [
    String(row.line),
    formatCpf(row.cpf),
    row.code ?? '',
    row.kind === 'analysis' ? labels.label(row) : '',
    row.status ?? '',
    row.kind === 'analysis' ? t('analysisBatch.results.csv.found') : labels.label(row),
    row.errors.join(' | '),
    row.alerts.join(' | '),
    labels.failure(row),
  ]);
  for (const entry of invalid) {
    cells.push([
      String(entry.line),
      entry.text,
      '',
      '',
      '',
      t('analysisBatch.results.csv.invalid'),
      '',
      '',
      invalidReason(entry),
    ]);
  }
  return { header, cells };
}

/** Downloads the CSV (UTF-8 with BOM, `;`, formula-safe: src/lib/csv.ts, loaded only now). */
export async function downloadBatchCsv(fileNamePrefix: string, header: string[], cells: string[][]) {
  const { downloadTextFile, stampedFileName, toCsv } = await import('@/lib/csv');
  downloadTextFile(stampedFileName(fileNamePrefix), toCsv(header, cells));
}
