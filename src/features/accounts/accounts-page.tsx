import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@/api/schemas/accounts';
import { virtualCardCode } from '@/api/virtual-card-account';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useAccountList } from '@/components/use-account-list';
import { PageContainer } from '@/components/page-container';
import { ListToolbar, useListSearch } from '@/components/list-toolbar';
import { useNavigateWithHandOff } from '@/components/use-hand-off';
import { useRuntimeConfig } from '@/config/config-context';
import { balanceUnitOf } from '@/config/config-schema';
import { downloadTextFile, stampedFileName, toCsv } from '@/lib/csv';
import { findFractionalBalance, toReais } from '@/lib/money';
import {
  columnIds,
  isMoneyColumn,
  prepareSearchKeys,
  searchRows,
  sortRows,
  toRows,
  totalsOf,
  type AccountRow,
  type ColumnId,
  type SortState,
} from './account-rows';
import { AccountsTable } from './accounts-table';
import { ColumnMenu } from './column-menu';

/**
 * The columns shown until the operator chooses otherwise, by screen width: what identifies an account
 * always, the balances as room allows. The column chooser shows or hides any of them.
 */
function defaultColumns(width: 'phone' | 'medium' | 'wide' | 'widest'): ReadonlySet<ColumnId> {
  const columns: ColumnId[] = ['tradeName', 'taxId'];
  if (width !== 'phone') columns.push('branch', 'account', 'code');
  if (width === 'wide' || width === 'widest') columns.push('available');
  if (width === 'widest') columns.push('total');
  return new Set(columns);
}

export function AccountsPage() {
  const { t } = useTranslation();
  const navigateWithHandOff = useNavigateWithHandOff();
  const config = useRuntimeConfig();
  const moneyUnit = balanceUnitOf(config);
  // The code the cards screen sends for an account, under the configured reading (and only if whole).
  const accountCode = (account: Account) => {
    const code = virtualCardCode(account, config.virtualCardAccountField);
    return code.ok ? code.code : null;
  };
  const { accounts, forbidden } = useAccountList();

  const search = useListSearch(t('accounts.searchLabel'), t('accounts.searchHelp'));
  const [sort, setSort] = useState<SortState | null>(null);
  const theme = useTheme();
  const atLeastSm = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const atLeast1280 = useMediaQuery('(min-width: 1280px)', { noSsr: true });
  const atLeastXl = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  const shownByDefault = defaultColumns(
    atLeastXl ? 'widest' : atLeast1280 ? 'wide' : atLeastSm ? 'medium' : 'phone',
  );
  // The operator's choices in the column menu win over the width's defaults.
  const [chosen, setChosen] = useState<ReadonlyMap<ColumnId, boolean>>(new Map());
  const isShown = (column: ColumnId) => chosen.get(column) ?? shownByDefault.has(column);
  const hidden = new Set(columnIds.filter((column) => !isShown(column)));

  // Balances in centavos must be whole: a fraction means the provider reads the unit otherwise. Reported,
  // never divided or rounded into a wrong amount.
  const contradiction = useMemo(
    () => (accounts.data ? findFractionalBalance(accounts.data, moneyUnit) : null),
    [accounts.data, moneyUnit],
  );
  const allRows = useMemo(
    () => (accounts.data && !contradiction ? toRows(accounts.data) : null),
    [accounts.data, contradiction],
  );
  // Search keys are built in small tasks after the first rows, not before them (issue 14).
  useEffect(() => (allRows ? prepareSearchKeys(allRows) : undefined), [allRows]);
  const found = useMemo(
    () => (allRows ? searchRows(allRows, search.deferred) : null),
    [allRows, search.deferred],
  );
  const shown = useMemo(() => (found ? sortRows(found, sort) : null), [found, sort]);
  const totals = useMemo(() => (found ? totalsOf(found) : null), [found]);
  const columns = columnIds.filter((column) => !hidden.has(column));

  function onSort(column: ColumnId) {
    // A transition: the header answers at once, the rows follow without blocking input.
    startTransition(() =>
      setSort((current) =>
        current?.column === column
          ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
          : { column, direction: 'asc' },
      ),
    );
  }

  function onToggleColumn(column: ColumnId) {
    const shown = isShown(column);
    setChosen((current) => new Map(current).set(column, !shown));
  }

  function onRequestCard(account: Account) {
    const code = accountCode(account);
    if (code === null) return;
    navigateWithHandOff('cards', { virtualCardAccount: code });
  }

  function exportCsv(rows: readonly AccountRow[]) {
    // Every column the operator has not hidden: the width's defaults are about the screen, not the file.
    const exported = columnIds.filter((column) => chosen.get(column) !== false);
    const header = exported.map((column) =>
      isMoneyColumn(column)
        ? t('accounts.csvMoneyHeader', { column: t(`accounts.columns.${column}`) })
        : t(`accounts.columns.${column}`),
    );
    const decimal = (amount: number) => toReais(amount, moneyUnit).toFixed(2).replace('.', ',');
    const data = rows.map(({ account, taxIdFormatted }) =>
      exported.map((column) => {
        switch (column) {
          case 'taxId':
            return taxIdFormatted;
          case 'code':
            return account.accountId;
          case 'isDefault':
            return account.isDefault ? t('accounts.defaultBadge') : '';
          case 'total':
          case 'blocked':
          case 'available':
            return decimal(account.balance[column]);
          default:
            return account[column];
        }
      }),
    );
    downloadTextFile(stampedFileName(t('accounts.fileName')), toCsv(header, data));
  }

  const failed = (accounts.isError && !forbidden) || contradiction !== null;

  return (
    <PageContainer
      title={t('accounts.title')}
      titlePrefix={failed ? t('accounts.errorPrefix') : undefined}
      intro={t('accounts.intro')}
    >
      {forbidden ? (
        <Alert severity="info">
          <AlertTitle>{t('accounts.forbiddenTitle')}</AlertTitle>
          {t('accounts.forbiddenBody')}
        </Alert>
      ) : contradiction ? (
        <Alert severity="error">
          <AlertTitle>{t('accounts.errorTitle')}</AlertTitle>
          {t('accounts.fractionalBalance', {
            index: contradiction.index,
            field: contradiction.field,
            value: contradiction.value,
          })}
        </Alert>
      ) : failed ? (
        <ApiErrorAlert
          error={accounts.error}
          title={t('accounts.errorTitle')}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : (
        <Stack spacing={2}>
          <ListToolbar
            search={search.field}
            count={
              allRows && shown
                ? shown.length === allRows.length
                  ? t('accounts.count', { count: allRows.length })
                  : t('accounts.countFiltered', { shown: shown.length, count: allRows.length })
                : t('accounts.loading')
            }
          >
            <ColumnMenu hidden={hidden} onToggle={onToggleColumn} />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!shown || shown.length === 0}
              onClick={() => shown && exportCsv(shown)}
            >
              {t('accounts.export')}
            </Button>
          </ListToolbar>
          {shown && shown.length === 0 ? (
            <Alert severity="info">
              {allRows?.length === 0
                ? t('accounts.empty')
                : t('accounts.noMatch', { filter: search.deferred })}
            </Alert>
          ) : (
            <AccountsTable
              rows={shown}
              columns={columns}
              sort={sort}
              onSort={onSort}
              totals={totals}
              moneyUnit={moneyUnit}
              onRequestCard={onRequestCard}
              canRequestCard={(account) => accountCode(account) !== null}
            />
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
