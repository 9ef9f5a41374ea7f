import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountQueries } from '@/api/accounts';
import { isApiError } from '@/api/api-error';
import type { Account } from '@/api/schemas/accounts';
import { ACCOUNTS_READ_SCOPE, useScopeStatus } from '@/api/scopes';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { PageContainer } from '@/components/page-container';
import { TextInput } from '@/components/text-input';
import { useRuntimeConfig } from '@/config/config-context';
import { downloadTextFile, stampedFileName, toCsv } from '@/lib/csv';
import { toReais } from '@/lib/money';
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

/** The code a virtual card request takes for an account: its numeric `accountId`. */
function accountCode(account: Account): number | null {
  return /^\d{1,15}$/.test(account.accountId) ? Number(account.accountId) : null;
}

export function AccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { moneyUnit } = useRuntimeConfig();
  const scope = useScopeStatus(ACCOUNTS_READ_SCOPE);
  // A JWT without the scope: say so without asking the provider for a certain 403.
  const accounts = useQuery({ ...accountQueries.list(), enabled: scope !== 'missing' });
  const forbidden = scope === 'missing' || (isApiError(accounts.error) && accounts.error.status === 403);

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<SortState | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<ColumnId>>(new Set());

  const allRows = useMemo(() => (accounts.data ? toRows(accounts.data) : null), [accounts.data]);
  // Search keys are built in small tasks after the first rows, not before them (issue 14).
  useEffect(() => (allRows ? prepareSearchKeys(allRows) : undefined), [allRows]);
  const found = useMemo(
    () => (allRows ? searchRows(allRows, deferredQuery) : null),
    [allRows, deferredQuery],
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
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(column)) next.delete(column);
      else next.add(column);
      return next;
    });
  }

  function onRequestCard(account: Account) {
    const code = accountCode(account);
    if (code === null) return;
    // The account code travels in router state: not in the URL, and not personal data.
    void navigate('/cartoes', { state: { requestVirtualCardFor: code } });
  }

  function exportCsv(rows: readonly AccountRow[]) {
    const header = columns.map((column) =>
      isMoneyColumn(column)
        ? t('accounts.csvMoneyHeader', { column: t(`accounts.columns.${column}`) })
        : t(`accounts.columns.${column}`),
    );
    const decimal = (amount: number) => toReais(amount, moneyUnit).toFixed(2).replace('.', ',');
    const data = rows.map(({ account, taxIdFormatted }) =>
      columns.map((column) => {
        switch (column) {
          case 'taxId':
            return taxIdFormatted;
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

  const failed = accounts.isError && !forbidden;

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
      ) : failed ? (
        <ApiErrorAlert
          error={accounts.error}
          title={t('accounts.errorTitle')}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextInput
              label={t('accounts.searchLabel')}
              helperText={t('accounts.searchHelp')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              type="search"
              size="small"
              sx={{ width: 360 }}
              autoComplete="off"
              startAdornment={
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              }
            />
            <Typography role="status" color="text.secondary" sx={{ pt: 1, flexGrow: 1 }}>
              {allRows && shown
                ? shown.length === allRows.length
                  ? t('accounts.count', { count: allRows.length })
                  : t('accounts.countFiltered', { shown: shown.length, count: allRows.length })
                : t('accounts.loading')}
            </Typography>
            <ColumnMenu hidden={hidden} onToggle={onToggleColumn} />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!shown || shown.length === 0}
              onClick={() => shown && exportCsv(shown)}
            >
              {t('accounts.export')}
            </Button>
          </Stack>
          {shown && shown.length === 0 ? (
            <Alert severity="info">
              {allRows?.length === 0 ? t('accounts.empty') : t('accounts.noMatch', { filter: deferredQuery })}
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
