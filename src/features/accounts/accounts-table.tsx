import CreditCardIcon from '@mui/icons-material/CreditCard';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountTotals } from '@/api/accounts-index';
import type { Account } from '@/api/schemas/accounts';
import { formatCnpj } from '@/lib/cnpj';
import { formatMoney, type MoneyUnit } from '@/lib/money';
import { isMoneyColumn, type ColumnId, type SortState } from './account-rows';

/** Every row has the same height, so the virtualizer needs no measuring. */
const ROW_HEIGHT = 44;
const SKELETON_ROWS = 6;

// At 1280 px the default columns (name, CNPJ, agência, conta, code, available) and the action take
// 975 px of the 1000 px the shell leaves (room for a 17 px scrollbar): nothing sits under the pinned
// action column, and a CNPJ (18 characters formatted) is never cut.
const columnWidths: Record<ColumnId, number> = {
  tradeName: 180,
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

const cellText = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

interface AccountsTableProps {
  /** Every account, in the provider's order; null while loading. */
  accounts: readonly Account[] | null;
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
  canRequestCard: (account: Account) => boolean;
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
  canRequestCard,
}: AccountsTableProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = accounts && order ? { count: order.length } : null;
  const accountAt = (index: number) => (accounts && order ? accounts[order[index] ?? -1] : undefined);
  // TanStack Virtual returns fresh functions each render; this component is not compiled by React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows?.count ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = columns.length + 1;
  const tableWidth = columns.reduce((sum, column) => sum + columnWidths[column], ACTION_WIDTH);
  const money = (amount: number) => formatMoney(amount, moneyUnit, i18n.language);

  function cell(account: Account, column: ColumnId): ReactNode {
    switch (column) {
      case 'tradeName':
        return account.tradeName;
      case 'officialName':
        return account.officialName;
      case 'taxId':
        return formatCnpj(account.taxId);
      case 'branch':
        return account.branch;
      case 'account':
        return account.account;
      case 'code':
        return account.accountId;
      case 'isDefault':
        return account.isDefault ? (
          <Chip size="small" color="primary" variant="outlined" label={t('accounts.defaultBadge')} />
        ) : null;
      case 'total':
      case 'blocked':
      case 'available':
        return money(account.balance[column]);
    }
  }

  const numeric = (column: ColumnId) => isMoneyColumn(column);

  return (
    <TableContainer
      ref={scrollRef}
      component={Paper}
      variant="outlined"
      // Focusable so that the keyboard can scroll it; named for screen readers.
      tabIndex={0}
      role="region"
      aria-label={t('accounts.tableLabel')}
      sx={{ height: 'calc(100vh - 330px)', minHeight: 320 }}
    >
      <Table
        stickyHeader
        size="small"
        aria-label={t('accounts.tableLabel')}
        aria-rowcount={rows ? rows.count + 2 : -1}
        aria-busy={rows === null || busy}
        sx={{
          tableLayout: 'fixed',
          width: tableWidth,
          minWidth: '100%',
          // Styles of the body rows set once here, not per cell: a per-cell `sx` costs an emotion
          // style resolution for each of the hundreds of cells re-rendered on every sort or scroll.
          '& tr.data-row': { height: ROW_HEIGHT },
          '& tr.data-row > td, & tr.data-row > th': {
            ...cellText,
            py: 0,
            fontVariantNumeric: 'tabular-nums',
          },
          '& tr.data-row > .negative': { color: 'error.main', fontWeight: 600 },
        }}
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
            <TableCell scope="col" align="right" sx={{ width: ACTION_WIDTH, ...stickyRight, zIndex: 3 }}>
              {t('accounts.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === null
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <TableRow key={`skeleton-${index}`}>
                  {Array.from({ length: columnCount }, (_, column) => (
                    <TableCell key={column}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {paddingTop > 0 ? (
            <TableRow aria-hidden="true" sx={{ height: paddingTop }}>
              <TableCell colSpan={columnCount} sx={{ p: 0, border: 0 }} />
            </TableRow>
          ) : null}
          {rows !== null
            ? items.map((item) => {
                const account = accountAt(item.index);
                if (!account) return null;
                return (
                  <TableRow key={account.accountId} hover aria-rowindex={item.index + 2} className="data-row">
                    {columns.map((column) => {
                      const value = isMoneyColumn(column) ? account.balance[column] : null;
                      return (
                        <TableCell
                          key={column}
                          component={column === 'tradeName' ? 'th' : 'td'}
                          scope={column === 'tradeName' ? 'row' : undefined}
                          align={numeric(column) ? 'right' : 'left'}
                          className={value !== null && value < 0 ? 'negative' : undefined}
                        >
                          {cell(account, column)}
                        </TableCell>
                      );
                    })}
                    <TableCell align="right" sx={stickyRight}>
                      {canRequestCard(account) ? (
                        <Button
                          size="small"
                          startIcon={<CreditCardIcon />}
                          onClick={() => onRequestCard(account)}
                          aria-label={t('accounts.requestCardFor', {
                            tradeName: account.tradeName,
                            account: account.account,
                          })}
                        >
                          {t('accounts.requestCard')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })
            : null}
          {paddingBottom > 0 ? (
            <TableRow aria-hidden="true" sx={{ height: paddingBottom }}>
              <TableCell colSpan={columnCount} sx={{ p: 0, border: 0 }} />
            </TableRow>
          ) : null}
        </TableBody>
        {rows !== null && totals ? (
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
    </TableContainer>
  );
}
