import Chip from '@mui/material/Chip';
import { memo } from 'react';
import type { Account } from '@/api/accounts/accounts-schema';
import { formatCnpj } from '@/lib/cnpj';
import { formatMoney, type MoneyUnit } from '@/lib/money';
import { isMoneyColumn, type ColumnId } from './account-columns';

/** CreditCard of @mui/icons-material, as a bare path: an SvgIcon per row costs a styled component each. */
const CARD_ICON_PATH =
  'M20 4H4c-1.11 0-1.99.89-1.99 2L2 18c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V6c0-1.11-.89-2-2-2m0 14H4v-6h16zm0-10H4V6h16z';

export interface AccountRowProps {
  account: Account;
  /** The account's position in the provider's list: the row action's button carries it. */
  position: number;
  /** aria-rowindex: 2 for the first body row (the header row is 1). */
  rowIndex: number;
  columns: readonly ColumnId[];
  moneyUnit: MoneyUnit;
  language: string;
  defaultBadge: string;
  /** The row action's accessible name. */
  actionLabel: string;
  actionText: string;
  /** Why the account cannot get a virtual card (no whole code), or null: then no action, this note. */
  noCard: string | null;
  /** The note's visible words ("Sem cartão virtual"). */
  noCardText: string;
}

/**
 * One body row, in plain table elements styled once by the table (accounts-table.tsx): a sort or a
 * scroll step mounts dozens of rows, and MUI's TableRow/TableCell/Button resolve their styles per
 * instance, which made each of those renders a long task at 4x CPU. Memoized: re-rendering
 * the table (busy, header) leaves the rows that did not change alone. The action is a native button; the
 * table's one click handler finds its account by `data-position`.
 */
function AccountRowView({
  account,
  position,
  rowIndex,
  columns,
  moneyUnit,
  language,
  defaultBadge,
  actionLabel,
  actionText,
  noCard,
  noCardText,
}: AccountRowProps) {
  return (
    <tr aria-rowindex={rowIndex} className="data-row">
      {columns.map((column) => {
        if (column === 'tradeName')
          return (
            <th key={column} scope="row">
              {account.tradeName}
            </th>
          );
        if (isMoneyColumn(column)) {
          const amount = account.balance[column];
          return (
            <td key={column} className={amount < 0 ? 'money negative' : 'money'}>
              {formatMoney(amount, moneyUnit, language)}
            </td>
          );
        }
        return <td key={column}>{textOf(account, column, defaultBadge)}</td>;
      })}
      <td className="row-action">
        {noCard === null ? (
          <button type="button" data-position={position} aria-label={actionLabel}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={CARD_ICON_PATH} />
            </svg>
            <span className="label">{actionText}</span>
          </button>
        ) : (
          <button
            type="button"
            className="row-reason"
            data-position={position}
            aria-label={`${noCardText}: ${noCard}`}
            title={noCard}
          >
            {noCardText}
          </button>
        )}
      </td>
    </tr>
  );
}

function textOf(account: Account, column: Exclude<ColumnId, 'tradeName'>, defaultBadge: string) {
  switch (column) {
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
        <Chip size="small" color="primary" variant="outlined" label={defaultBadge} />
      ) : null;
    default:
      return null;
  }
}

function sameProps(a: AccountRowProps, b: AccountRowProps): boolean {
  return (
    a.account === b.account &&
    a.position === b.position &&
    a.rowIndex === b.rowIndex &&
    a.columns.join() === b.columns.join() &&
    a.moneyUnit === b.moneyUnit &&
    a.language === b.language &&
    a.defaultBadge === b.defaultBadge &&
    a.actionLabel === b.actionLabel &&
    a.actionText === b.actionText &&
    a.noCard === b.noCard &&
    a.noCardText === b.noCardText
  );
}

export const AccountRow = memo(AccountRowView, sameProps);
