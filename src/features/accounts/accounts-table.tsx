import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useState, type MouseEvent } from 'react';
import { useAccountsTranslation } from './texts';
import type { AccountDataset, AccountTotals } from '@/api/accounts/account-dataset';
import type { Account } from '@/api/accounts/accounts-schema';
import { formatMoney, type MoneyUnit } from '@/lib/money';
import { AccountRow } from './account-row';
import { isMoneyColumn, type ColumnId, type SortState } from './account-columns';
import { useRowWindow } from './use-row-window';
import { SkeletonRows } from '@/components/skeleton-rows';
import { SpacerRow, TableRegion } from '@/components/table-region';
import { bodyRowStyles, ROW_HEIGHT } from './accounts-table-styles';

/** Rows rendered beyond those in view, on either side. */
const OVERSCAN = 5;
const SKELETON_ROWS = 6;

// At 1280 px the default columns (name, CNPJ, agência, conta, available) and the action take 975 px
// of the 1000 px the shell leaves (room for a 17 px scrollbar): nothing sits under the pinned action
// column, a CNPJ (18 characters formatted) is never cut, and a trade name has 270 px.
const columnWidths: Record<ColumnId, number> = {
  tradeName: 270,
  officialName: 240,
  taxId: 185,
  branch: 85,
  account: 95,
  code: 90,
  isDefault: 104,
  // Wide enough for the totals of 100 000 accounts (R$ 999.999.999,99 in bold).
  total: 170,
  blocked: 170,
  available: 170,
};
const ACTION_WIDTH = 170;
/** Below `sm` the action shows its icon only (its name stays): the trade name keeps the row. */
const PHONE_ACTION_WIDTH = 56;
/**
 * From `lg` up the row action stays in view while the table scrolls sideways (columns the operator
 * added). Below, it scrolls with the row: pinned, it would cover the identifying columns of a narrow table.
 */
const stickyRight = {
  position: { lg: 'sticky' },
  // Only from lg too: the header cells are sticky (to the top) at every width, and would take `right`.
  right: { lg: 0 },
  // 8 px of padding, not 16: the button ("Cartão virtual" with its icon) then fits its 170 px whole.
  px: 1,
  bgcolor: 'background.paper',
  zIndex: 1,
} as const;

interface AccountsTableProps {
  /** Every account, in the provider's order; null while loading. */
  accounts: AccountDataset | null;
  /** The positions in `accounts` to show, in order (the answer to the search and sort). */
  order: Int32Array | null;
  /** A newer search or sort is being answered: the rows are the previous answer, whole. */
  busy: boolean;
  columns: readonly ColumnId[];
  sort: SortState | null;
  onSort: (column: ColumnId) => void;
  totals: AccountTotals | null;
  moneyUnit: MoneyUnit;
  onRequestCard: (account: Account) => void;
  /** Why `account` cannot get a virtual card, in the operator's words; null when it can. */
  whyNoCard: (account: Account) => string | null;
  /** Shows the reason an account cannot get a virtual card (its row's note was pressed). */
  onExplain: (reason: string) => void;
  /** A phone-wide screen: the row action shows its icon only. */
  phone: boolean;
}

/**
 * The accounts as one table whose body is virtualized: only the rows in view (and a few more) are in the
 * DOM, between two spacer rows, so 10 000 accounts scroll and re-sort without a long task. The header
 * and the totals row stay in view; `aria-rowcount`/`aria-rowindex` tell assistive technology where it is.
 */
export function AccountsTable({
  accounts,
  order,
  busy,
  columns,
  sort,
  onSort,
  totals,
  moneyUnit,
  onRequestCard,
  whyNoCard,
  onExplain,
  phone,
}: AccountsTableProps) {
  const { t, i18n } = useAccountsTranslation();
  // The scroll container as state (a callback ref): the body's virtualizer needs it, and is the only
  // part that re-renders on scroll.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const rows = accounts && order ? { count: order.length } : null;
  // The totals row sums the balances on screen: none shown (hidden, or withheld), no totals row.
  const footer = rows !== null && totals !== null && columns.some(isMoneyColumn);
  const columnCount = columns.length + 1;
  const actionWidth = phone ? PHONE_ACTION_WIDTH : ACTION_WIDTH;
  const tableWidth = columns.reduce((sum, column) => sum + columnWidths[column], actionWidth);
  const money = (amount: number) => formatMoney(amount, moneyUnit, i18n.language);

  const numeric = (column: ColumnId) => isMoneyColumn(column);

  return (
    <TableRegion
      ref={setScrollElement}
      label={t('accounts.tableLabel')}
      sx={{ height: 'calc(100vh - 330px)', minHeight: 320 }}
    >
      <Table
        stickyHeader
        size="small"
        aria-label={t('accounts.tableLabel')}
        aria-rowcount={rows ? rows.count + (footer ? 2 : 1) : -1}
        aria-busy={rows === null || busy}
        sx={[{ tableLayout: 'fixed', width: tableWidth, minWidth: '100%' }, bodyRowStyles]}
      >
        <TableHead>
          <TableRow aria-rowindex={1}>
            {columns.map((column) => {
              const active = sort?.column === column;
              return (
                <TableCell
                  key={column}
                  scope="col"
                  align={numeric(column) ? 'right' : 'left'}
                  sortDirection={active ? sort.direction : false}
                  sx={{ width: columnWidths[column] }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? sort.direction : 'asc'}
                    onClick={() => onSort(column)}
                  >
                    {t(`accounts.columns.${column}`)}
                  </TableSortLabel>
                </TableCell>
              );
            })}
            <TableCell scope="col" align="right" sx={{ width: actionWidth, ...stickyRight, zIndex: 3 }}>
              {t('accounts.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        {accounts !== null && order !== null ? (
          <VirtualRows
            scrollElement={scrollElement}
            {...{ accounts, order, columns, moneyUnit, onRequestCard, whyNoCard, onExplain }}
          />
        ) : (
          <TableBody>
            <SkeletonRows rows={SKELETON_ROWS} columns={columnCount} />
          </TableBody>
        )}
        {footer ? (
          <TableFooter
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              bgcolor: 'background.paper',
            }}
          >
            <TableRow aria-rowindex={rows.count + 2}>
              {columns.map((column, index) => {
                const value = isMoneyColumn(column) ? totals[column] : null;
                return (
                  <TableCell
                    key={column}
                    component={index === 0 ? 'th' : 'td'}
                    scope={index === 0 ? 'row' : undefined}
                    align={numeric(column) ? 'right' : 'left'}
                    sx={{
                      whiteSpace: 'nowrap',
                      fontVariantNumeric: 'tabular-nums',
                      borderTop: 2,
                      borderTopColor: 'divider',
                      fontWeight: 600,
                      fontSize: '0.875rem',
                      color: value !== null && value < 0 ? 'error.main' : 'text.primary',
                    }}
                  >
                    {value !== null
                      ? money(value)
                      : index === 0
                        ? t('accounts.totalsOf', { count: rows.count })
                        : null}
                  </TableCell>
                );
              })}
              <TableCell sx={{ borderTop: 2, borderTopColor: 'divider' }} />
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </TableRegion>
  );
}

type VirtualRowsProps = Pick<
  AccountsTableProps,
  'columns' | 'moneyUnit' | 'onRequestCard' | 'whyNoCard' | 'onExplain'
> & {
  scrollElement: HTMLElement | null;
  accounts: AccountDataset;
  order: Int32Array;
};

/**
 * The body rows in view (and a few more) between two spacer rows. Only this re-renders on scroll, and
 * the rows themselves are memoized (account-row.tsx): a scroll step mounts just the rows that came into view.
 */
function VirtualRows({
  scrollElement,
  accounts,
  order,
  columns,
  moneyUnit,
  onRequestCard,
  whyNoCard,
  onExplain,
}: VirtualRowsProps) {
  const { t, i18n } = useAccountsTranslation();
  const { start, end } = useRowWindow(scrollElement, order.length, ROW_HEIGHT, OVERSCAN);
  const paddingTop = start * ROW_HEIGHT;
  const paddingBottom = (order.length - end) * ROW_HEIGHT;
  const columnCount = columns.length + 1;
  const items: number[] = [];
  for (let index = start; index < end; index += 1) items.push(index);

  // One handler for every row's action (rows are memoized and carry no callback): the button says
  // which account by its position in the provider's list.
  function onClick(event: MouseEvent<HTMLElement>) {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest<HTMLButtonElement>('button[data-position]');
    const account = button ? accounts.at(Number(button.dataset.position)) : undefined;
    if (!account) return;
    const reason = whyNoCard(account);
    if (reason === null) onRequestCard(account);
    else onExplain(reason);
  }

  return (
    // The click lands on a row's button; this only delegates it (the buttons are the keyboard's way).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <tbody className="MuiTableBody-root" onClick={onClick}>
      <SpacerRow height={paddingTop} columns={columnCount} />
      {items.map((index) => {
        const position = order[index] ?? -1;
        const account = accounts.at(position);
        if (!account) return null;
        return (
          <AccountRow
            key={account.accountId}
            account={account}
            position={position}
            rowIndex={index + 2}
            columns={columns}
            moneyUnit={moneyUnit}
            language={i18n.language}
            defaultBadge={t('accounts.defaultBadge')}
            actionLabel={t('accounts.requestCardFor', {
              tradeName: account.tradeName,
              account: account.account,
            })}
            actionText={t('accounts.requestCard')}
            noCard={whyNoCard(account)}
            noCardText={t('accounts.noCard')}
          />
        );
      })}
      <SpacerRow height={paddingBottom} columns={columnCount} />
    </tbody>
  );
}
