/**
 * What `npm run bench` prints: the parts' rows as Markdown tables, each figure as "median (min–max)", and
 * one line per goal with its verdict. With several invocations a figure is the median of the invocations'
 * medians and its range is those medians' min–max (every run stays in .bench/results.json).
 */
import type { Unit, Verdict } from './goals';
import type { Cell, FigureCell, Row } from './harness';
import { acrossInvocations, type AcrossInvocations } from './stats';

const decimalsOf: Record<FigureCell['unit'], number> = { ms: 0, KiB: 1, MiB: 1, x: 2, score: 0, count: 0 };
const unitText: Record<FigureCell['unit'], string> = {
  ms: 'ms',
  KiB: 'KiB',
  MiB: 'MiB',
  x: 'x',
  score: '',
  count: '',
};

export function formatNumber(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '—';
}

/** "740 (690–812)", or "740" when every run gave the same figure; "—" when nothing was measured. */
export function formatFigure(figure: AcrossInvocations, decimals: number, blankWhenZero = false): string {
  if (figure.count === 0) return figure.missing > 0 ? 'not measured' : '—';
  if (blankWhenZero && figure.min === 0 && figure.max === 0) return '—';
  const value = formatNumber(figure.median, decimals);
  const low = formatNumber(figure.min, decimals);
  const high = formatNumber(figure.max, decimals);
  const range = low === high ? value : `${value} (${low}–${high})`;
  return figure.missing > 0 ? `${range} [${figure.missing} not measured]` : range;
}

/** The most frequent text, and how many others there were. */
export function mostFrequent(texts: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const [first] = sorted;
  if (!first) return '—';
  return sorted.length > 1
    ? `${first[0]} (${texts.length - first[1]} of ${texts.length} runs: other)`
    : first[0];
}

interface MergedCell {
  cell: Cell;
  /** Figures: each invocation's runs. Texts: all runs. */
  perInvocation: number[][];
  texts: string[];
}

/** The rows of every invocation merged by table, row label and column, in first-seen order. */
export function mergeRows(invocations: ReadonlyArray<readonly Row[]>) {
  const tables = new Map<string, Map<string, Map<string, MergedCell>>>();
  for (const rows of invocations)
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = new Map<string, Map<string, MergedCell>>()));
      let cells = table.get(row.label);
      if (!cells) table.set(row.label, (cells = new Map<string, MergedCell>()));
      for (const cell of row.cells) {
        let merged = cells.get(cell.column);
        if (!merged) cells.set(cell.column, (merged = { cell, perInvocation: [], texts: [] }));
        if ('runs' in cell) merged.perInvocation.push(cell.runs);
        else merged.texts.push(...cell.texts);
      }
    }
  return tables;
}

function header(cell: Cell): string {
  if (!('runs' in cell)) return cell.column;
  const unit = unitText[cell.unit];
  return unit ? `${cell.column} (${unit})` : cell.column;
}

/** The tables, in Markdown. */
export function renderTables(invocations: ReadonlyArray<readonly Row[]>): string[] {
  const lines: string[] = [];
  const count = invocations.length;
  lines.push(
    count > 1
      ? `Each figure: the median of the ${count} invocations' medians (min–max of those medians).`
      : 'Each figure: the median of its runs (min–max of the runs).',
  );
  for (const [title, rows] of mergeRows(invocations)) {
    const columns: Cell[] = [];
    for (const cells of rows.values())
      for (const { cell } of cells.values())
        if (!columns.some((known) => known.column === cell.column)) columns.push(cell);
    lines.push('', `${title}${count > 1 ? `, ${count} invocations` : ''}`, '');
    lines.push(`| | ${columns.map(header).join(' | ')} |`);
    lines.push(`|---|${columns.map(() => '---').join('|')}|`);
    for (const [label, cells] of rows) {
      const shown = columns.map((column) => {
        const merged = cells.get(column.column);
        if (!merged) return '';
        const { cell } = merged;
        if (!('runs' in cell)) return mostFrequent(merged.texts);
        return formatFigure(
          acrossInvocations(merged.perInvocation),
          cell.decimals ?? decimalsOf[cell.unit],
          cell.blankWhenZero,
        );
      });
      lines.push(`| ${label} | ${shown.join(' | ')} |`);
    }
  }
  return lines;
}

const goalUnit = (unit: Unit) => (unit === 'score' ? '' : ` ${unitText[unit]}`);

/** One line per goal: verdict, figure with its range, the goal, how far past it, and whether it is open. */
export function renderVerdicts(verdicts: readonly Verdict[]): string[] {
  const width = Math.max(0, ...verdicts.map((verdict) => verdict.spec.name.length));
  return verdicts.map(({ spec, figure, over, status, open }) => {
    const decimals = decimalsOf[spec.unit];
    const value = `${formatFigure(figure, decimals)}${goalUnit(spec.unit)}`;
    const goal = `goal ${spec.atLeast ? '≥' : '≤'} ${spec.limit}${goalUnit(spec.unit)}`;
    const past = Number.isFinite(over) ? `${over.toFixed(2)} of goal` : 'not measured';
    const why = open ? `  [open${spec.open ? '' : ', --open-goal'}]` : '';
    return `${status.padEnd(4)} ${spec.name.padEnd(width)}  ${value.padEnd(22)} ${goal.padEnd(16)} (${past})${why}`;
  });
}
