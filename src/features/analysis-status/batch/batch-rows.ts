import type { LookupShortfall } from '@/api/analysis-status';
import type { BatchLookupFailure, BatchLookupResult } from '@/api/analysis-status-batch';
import type { CpfListEntry } from '@/lib/cpf-list';
import { onlyDigits } from '@/lib/digit-pattern';
import type { TaskState } from '@/lib/task-queue';
import { providerMessageText } from '../provider-message';

/**
 * The batch's answers as table rows: one row per tracking code (as the CSV export), one row for a CPF
 * without any (no applications, not found, failed, stopped). Pure: the screen, the print layout and the
 * export read the same rows.
 */

export type RowKind = 'analysis' | 'noAnalyses' | 'unsuccessful' | 'notFound' | 'failed' | 'stopped';

export interface BatchRow {
  /** Unique in the batch: the CPF and the row's place among its rows. */
  key: string;
  cpf: string;
  /** Line of the pasted text (or file row) where the CPF first appears. */
  line: number;
  /** The CPF's place in the list: the default order. */
  order: number;
  /** The row's place among its CPF's rows (the provider's order of its analyses). */
  position: number;
  kind: RowKind;
  code: string | null;
  /** `Status` as the provider sent it. */
  status: string | null;
  /** `erros` and `alertas` of the CPF's answer, as text. */
  errors: readonly string[];
  alerts: readonly string[];
  /** `sucesso: false` (shown with the rows it came with). */
  unsuccessful: boolean;
  /** Analyses the provider counts that the lookup did not read, and why (null when it read them all). */
  unread: { count: number; shortfall: LookupShortfall } | null;
  /** For `failed`: the last error. */
  failure: unknown;
  attempts: number;
}

export type LookupState = TaskState<BatchLookupResult, BatchLookupFailure>;

/** The filter a row falls under: its Status, or what happened to its CPF. */
export type RowCategory = `status:${string}` | Exclude<RowKind, 'analysis'>;

export function categoryOf(row: BatchRow): RowCategory {
  return row.kind === 'analysis' ? `status:${row.status ?? ''}` : row.kind;
}

const rowsCache = new WeakMap<object, readonly BatchRow[]>();

/** The rows of one CPF in a given state (none while it is queued or in flight). Cached per state. */
export function rowsOfCpf(
  entry: CpfListEntry,
  order: number,
  state: LookupState | undefined,
): readonly BatchRow[] {
  if (!state) return [];
  const cached = rowsCache.get(state);
  if (cached) return cached;
  const rows = buildRows(entry, order, state);
  rowsCache.set(state, rows);
  return rows;
}

function buildRows(entry: CpfListEntry, order: number, state: LookupState): BatchRow[] {
  const base = {
    cpf: entry.cpf,
    line: entry.line,
    order,
    position: 0,
    code: null,
    status: null,
    errors: [],
    alerts: [],
    unsuccessful: false,
    unread: null,
    failure: null,
    attempts: 0,
  };
  const single = (kind: RowKind, extra: Partial<BatchRow> = {}): BatchRow[] => [
    { ...base, key: `${entry.cpf}#0`, kind, ...extra },
  ];
  switch (state.status) {
    case 'queued':
    case 'running':
    case 'backoff':
      return [];
    case 'stopped':
      return single('stopped');
    case 'failed':
      return single('failed', { failure: state.reason.error, attempts: state.attempts });
    case 'done':
      break;
  }
  const result = state.value;
  if (result.kind === 'notFound') return single('notFound', { attempts: state.attempts });
  const { lookup } = result;
  const notes = {
    errors: lookup.erros.map(providerMessageText),
    alerts: lookup.alertas.map(providerMessageText),
    unsuccessful: !lookup.sucesso,
    unread: lookup.shortfall
      ? { count: Math.max(0, lookup.total - lookup.resultados.length), shortfall: lookup.shortfall }
      : null,
    attempts: state.attempts,
  };
  if (lookup.resultados.length === 0) return single(lookup.sucesso ? 'noAnalyses' : 'unsuccessful', notes);
  return lookup.resultados.map((analysis, index) => ({
    ...base,
    ...notes,
    key: `${entry.cpf}#${index}`,
    position: index,
    kind: 'analysis',
    code: analysis.CodigoParaAcompanhamento,
    status: analysis.Status,
  }));
}

/** Every row of the batch so far, in the order of the list. */
export function batchRows(
  entries: readonly CpfListEntry[],
  states: readonly (LookupState | undefined)[],
): BatchRow[] {
  const rows: BatchRow[] = [];
  entries.forEach((entry, order) => {
    for (const row of rowsOfCpf(entry, order, states[order])) rows.push(row);
  });
  return rows;
}

/** How many rows fall under each category, in the order they first appear. */
export function countByCategory(rows: readonly BatchRow[]): Map<RowCategory, number> {
  const counts = new Map<RowCategory, number>();
  for (const row of rows) {
    const category = categoryOf(row);
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return counts;
}

export type SortColumn = 'line' | 'cpf' | 'code' | 'status';
export interface SortState {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/**
 * The rows to show: under `category` (null: all), matching `query` (digits of the CPF, or part of the
 * tracking code or of the status label), in the order asked. `label` names a row's category as the
 * screen shows it.
 */
export function visibleRows(
  rows: readonly BatchRow[],
  options: {
    category: RowCategory | null;
    query: string;
    sort: SortState;
    label: (row: BatchRow) => string;
  },
): BatchRow[] {
  const { category, sort, label } = options;
  const query = options.query.trim().toLocaleLowerCase();
  const digits = onlyDigits(query);
  // The rows come in the list's order: with nothing to filter and that order asked, they are the answer.
  if (query === '' && category === null && sort.column === 'line' && sort.direction === 'asc')
    return [...rows];
  const matches = (row: BatchRow) =>
    query === '' ||
    (digits !== '' && row.cpf.includes(digits)) ||
    (row.code?.toLocaleLowerCase().includes(query) ?? false) ||
    label(row).toLocaleLowerCase().includes(query);
  const shown = rows.filter((row) => (category === null || categoryOf(row) === category) && matches(row));
  const byOrder = (a: BatchRow, b: BatchRow) => a.order - b.order || a.position - b.position;
  const compare: Record<SortColumn, (a: BatchRow, b: BatchRow) => number> = {
    line: byOrder,
    cpf: (a, b) => a.cpf.localeCompare(b.cpf) || byOrder(a, b),
    code: (a, b) => (a.code ?? '\uffff').localeCompare(b.code ?? '\uffff') || byOrder(a, b),
    status: (a, b) => label(a).localeCompare(label(b)) || byOrder(a, b),
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return shown.sort((a, b) => sign * compare[sort.column](a, b));
}
