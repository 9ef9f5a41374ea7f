import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useState, type MouseEvent } from 'react';
import { SpacerRow, TableRegion } from '@/components/table-region';
import { usePhoneLayout } from '@/hooks/use-phone-layout';
import { paths } from '@/config/paths';
import type { KnownStatus } from '@/config/config-schema';
import type { BatchRow, SortColumn, SortState } from './batch-rows';
import { bodyStyles, phoneStyles, ROW_HEIGHT } from './batch-table-styles';
import { useAnalysisBatchTranslation } from './batch-texts';

/** A row's first guess on a phone, where it takes three lines or more (measured once shown). */
const PHONE_ROW_HEIGHT = 104;
/** Up to this many rows the table is whole (the browser's find, a screen reader's table navigation). */
export const VIRTUALIZE_FROM = 200;

// Status right after the CPF: on a narrow screen the table scrolls sideways, and these come first.
const columns = ['line', 'cpf', 'status', 'code', 'notes', 'open'] as const;
type Column = (typeof columns)[number];
/**
 * Widths in px; `notes` takes what is left, at least its width here. `status` fits the longest default
 * label ("Pendente de documentação"); a longer configured one ends in an ellipsis, with the provider's
 * value as its title.
 */
const widths: Record<Column, number> = { line: 64, cpf: 140, status: 236, code: 170, notes: 220, open: 110 };
const sortable: Partial<Record<Column, SortColumn>> = {
  line: 'line',
  cpf: 'cpf',
  code: 'code',
  status: 'status',
};

export type Tone = KnownStatus['tone'] | 'outlined';

/** What a row shows, in words: computed once per row by the caller, so rows stay plain and memoized. */
export interface RowText {
  cpf: string;
  status: string;
  tone: Tone;
  notes: string;
  /** The link's name ("Abrir o CPF … na consulta individual"); it starts with `openText`, what it shows. */
  openLabel: string;
  openText: string;
}

interface BatchTableProps {
  rows: readonly BatchRow[];
  text: (row: BatchRow) => RowText;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  onOpen: (cpf: string) => void;
}

/**
 * The batch's rows: one table, whole up to VIRTUALIZE_FROM rows, virtualized past it (only the rows in
 * view are in the DOM, between two spacer rows; `aria-rowcount`/`aria-rowindex` say where they are). The
 * header stays in view while the body scrolls.
 */
export const BatchTable = memo(function BatchTable({ rows, text, sort, onSort, onOpen }: BatchTableProps) {
  const { t } = useAnalysisBatchTranslation();
  const phone = usePhoneLayout();
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  // One handler for every row's link (rows are memoized and carry no callback): a plain click opens the
  // CPF in the single lookup by hand-off; the link's own address is the bare screen, without the CPF.
  function onClick(event: MouseEvent<HTMLElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>('a[data-row]');
    const row = link ? rows[Number(link.dataset.row)] : undefined;
    if (!row) return;
    event.preventDefault();
    onOpen(row.cpf);
  }

  return (
    <TableRegion
      ref={setScrollElement}
      label={t('analysisBatch.results.tableLabel')}
      sx={{ maxHeight: 'max(360px, calc(100vh - 300px))' }}
    >
      <Table
        stickyHeader
        size="small"
        aria-label={t('analysisBatch.results.tableLabel')}
        aria-rowcount={rows.length + 1}
        sx={[
          {
            tableLayout: 'fixed',
            width: Object.values(widths).reduce((sum, width) => sum + width, 0),
            minWidth: '100%',
          },
          bodyStyles,
          phone ? phoneStyles : {},
        ]}
        role={phone ? 'table' : undefined}
      >
        <BatchTableHead sort={sort} onSort={onSort} phone={phone} />
        {/* The click lands on a row's link; this only delegates it (the links are the keyboard's way). */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <tbody className="MuiTableBody-root" onClick={onClick} role={phone ? 'rowgroup' : undefined}>
          {rows.length > VIRTUALIZE_FROM ? (
            <VirtualRows rows={rows} text={text} scrollElement={scrollElement} phone={phone} />
          ) : (
            rows.map((row, index) => (
              <RowView key={row.key} row={row} index={index} text={text(row)} phone={phone} />
            ))
          )}
        </tbody>
      </Table>
    </TableRegion>
  );
});

/** The column headers, sortable; re-rendered only when the sort changes. */
const BatchTableHead = memo(function BatchTableHead({
  sort,
  onSort,
  phone,
}: {
  sort: SortState;
  onSort: (column: SortColumn) => void;
  phone: boolean;
}) {
  const { t } = useAnalysisBatchTranslation();
  return (
    <TableHead role={phone ? 'rowgroup' : undefined}>
      <TableRow aria-rowindex={1} role={phone ? 'row' : undefined}>
        {columns.map((column) => {
          const key = sortable[column];
          const active = key !== undefined && sort.column === key;
          return (
            <TableCell
              key={column}
              scope="col"
              role={phone ? 'columnheader' : undefined}
              // On a phone the columns without a sort are left out of the line of headers.
              className={key ? undefined : 'wide-only'}
              sortDirection={active ? sort.direction : false}
              sx={
                phone
                  ? undefined
                  : { width: column === 'notes' ? 'auto' : widths[column], minWidth: widths[column] }
              }
            >
              {key ? (
                <TableSortLabel
                  active={active}
                  direction={active ? sort.direction : 'asc'}
                  onClick={() => onSort(key)}
                >
                  {t(`analysisBatch.results.columns.${column}`)}
                </TableSortLabel>
              ) : (
                t(`analysisBatch.results.columns.${column}`)
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
});

const estimateRow = () => ROW_HEIGHT;
const estimatePhoneRow = () => PHONE_ROW_HEIGHT;

function VirtualRows({
  rows,
  text,
  scrollElement,
  phone,
}: {
  rows: readonly BatchRow[];
  text: (row: BatchRow) => RowText;
  scrollElement: HTMLElement | null;
  phone: boolean;
}) {
  // TanStack Virtual returns fresh functions each render; this component is not compiled by React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    // The same function from render to render: a new one makes the virtualizer measure every row again.
    estimateSize: phone ? estimatePhoneRow : estimateRow,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <>
      <SpacerRow height={paddingTop} columns={columns.length} />
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <RowView
            key={row.key}
            row={row}
            index={item.index}
            text={text(row)}
            phone={phone}
            // A phone's rows wrap their notes: each is measured once shown.
            measure={phone ? virtualizer.measureElement : undefined}
          />
        ) : null;
      })}
      <SpacerRow height={paddingBottom} columns={columns.length} />
    </>
  );
}

/** One row. Memoized on its row and texts: a new answer or a scroll step mounts only new rows. */
const RowView = memo(
  function RowView({
    row,
    index,
    text,
    phone,
    measure,
  }: {
    row: BatchRow;
    index: number;
    text: RowText;
    /** The phone layout: roles said explicitly (RowView's cells are blocks there). */
    phone: boolean;
    measure?: ((element: Element | null) => void) | undefined;
  }) {
    const cell = phone ? 'cell' : undefined;
    return (
      <tr
        className="data-row"
        aria-rowindex={index + 2}
        role={phone ? 'row' : undefined}
        ref={measure}
        data-index={index}
      >
        <td className="muted c-line" role={cell}>
          {row.line}
        </td>
        <th scope="row" className="mono c-cpf" role={phone ? 'rowheader' : undefined}>
          {text.cpf}
        </th>
        <td className="c-status" role={cell}>
          <span className={`status-pill tone-${text.tone}`} title={row.status ?? undefined}>
            {text.status}
          </span>
        </td>
        <td className="mono c-code" role={cell}>
          {row.code ?? '—'}
        </td>
        <td className="c-notes" title={text.notes || undefined} role={cell}>
          {text.notes}
        </td>
        <td className="c-open" role={cell}>
          <a className="open-link" href={paths.analysisStatus} data-row={index} aria-label={text.openLabel}>
            {text.openText}
          </a>
        </td>
      </tr>
    );
  },
  (before, after) =>
    before.row === after.row &&
    before.index === after.index &&
    before.phone === after.phone &&
    before.text.cpf === after.text.cpf &&
    before.text.status === after.text.status &&
    before.text.notes === after.text.notes &&
    before.text.openLabel === after.text.openLabel,
);
