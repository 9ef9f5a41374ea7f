import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from './texts';
import { accountsEngine } from '@/api/accounts/accounts-engine';
import type { Account } from '@/api/accounts/accounts-schema';
import { virtualCardCode } from '@/api/virtual-card-account';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useToast } from '@/components/toast-provider';
import { TechnicalDetails } from '@/components/technical-details';
import { useAccountDataset } from '@/hooks/use-account-list';
import { PageContainer } from '@/components/page-container';
import { ListToolbar, useListSearch } from '@/components/list-toolbar';
import { useNavigateWithHandOff } from '@/hooks/use-hand-off';
import { useRuntimeConfig } from '@/config/config-context';
import { balanceUnitOf } from '@/config/config-schema';
import { downloadFile, stampedFileName } from '@/lib/csv';
import { columnIds, isMoneyColumn, type ColumnId, type SortState } from './account-columns';
import { AccountsTable } from './accounts-table';
import { ColumnMenu } from './column-menu';
import { contradictionsOf, withheldColumns } from './contradictions';
import { useAccountsView, useDebouncedValue } from './use-accounts-view';
import { useVirtualCardCodeTranslation } from '@/components/virtual-card-code-texts';

/** A search runs once typing pauses this long (each answer re-renders the table). */
const SEARCH_DEBOUNCE_MS = 150;

/**
 * The columns shown until the operator chooses otherwise, by screen width: what identifies an account
 * always, the balances as room allows. The column chooser shows or hides any of them.
 */
function defaultColumns(width: 'phone' | 'medium' | 'wide' | 'widest'): ReadonlySet<ColumnId> {
  // The provider's accountId (a UUID, often) is in the column menu: the trade name needs the room more.
  const columns: ColumnId[] = ['tradeName'];
  if (width !== 'phone') columns.push('taxId', 'branch', 'account');
  if (width === 'wide' || width === 'widest') columns.push('available');
  if (width === 'widest') columns.push('total');
  return new Set(columns);
}

export function AccountsPage() {
  const { t } = useTranslation();
  const { t: tCode } = useVirtualCardCodeTranslation();
  const navigateWithHandOff = useNavigateWithHandOff();
  const config = useRuntimeConfig();
  const moneyUnit = balanceUnitOf(config);
  // The code the cards screen sends for an account, under the configured reading (and only if whole).
  const accountCode = (account: Account) => {
    const code = virtualCardCode(account, config.virtualCardAccountField);
    return code.ok ? code.code : null;
  };
  // Why an account cannot get a virtual card, in the operator's words (null when it can).
  const whyNoCard = (account: Account) => {
    const code = virtualCardCode(account, config.virtualCardAccountField);
    return code.ok
      ? null
      : tCode(`virtualCardCode.notRequestable.${code.reason}`, {
          fieldLabel: tCode(`virtualCardCode.${code.field}`),
          value: code.value,
        });
  };
  const notify = useToast();
  const { accounts, forbidden } = useAccountDataset();

  const search = useListSearch(t('accounts.searchLabel'), t('accounts.searchHelp'));
  const query = search.field.value;
  const searched = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
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

  // A contradiction between the configuration and the data withholds the values it concerns (a
  // fractional balance under a centavos reading: the balances and their totals); the rest works.
  // (Found by the accounts worker as it decoded the list: the page does not walk it again.)
  const allAccounts = accounts.data ?? null;
  const contradictions = allAccounts ? contradictionsOf(allAccounts.overview, moneyUnit) : [];
  const withheld = withheldColumns(contradictions);
  // Search and sort are answered off the main thread; until then the previous rows stay (busy).
  const shown = useAccountsView(allAccounts, searched, sort && !withheld.has(sort.column) ? sort : null);
  const busy = shown !== null && (shown.busy || searched !== query);
  const columns = columnIds.filter((column) => !hidden.has(column) && !withheld.has(column));

  function onSort(column: ColumnId) {
    // The header answers at once; the rows follow when the worker has sorted them.
    setSort((current) =>
      current?.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
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

  // The file is built where the list is (the accounts worker): the page only offers it.
  function exportCsv(order: Int32Array): Promise<void> {
    if (!allAccounts) return Promise.resolve();
    // Every column the operator has not hidden (the width's defaults are about the screen, not the
    // file), and no withheld value.
    const exported = columnIds.filter((column) => chosen.get(column) !== false && !withheld.has(column));
    const header = exported.map((column) =>
      isMoneyColumn(column)
        ? t('accounts.csvMoneyHeader', { column: t(`accounts.columns.${column}`) })
        : t(`accounts.columns.${column}`),
    );
    const fileName = stampedFileName(t('accounts.fileName'));
    return accountsEngine()
      .csv(allAccounts, order, {
        columns: exported,
        header,
        defaultBadge: t('accounts.defaultBadge'),
        moneyUnit,
      })
      .then((file) => downloadFile(fileName, file));
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
          <TechnicalDetails lines={[t('accounts.forbiddenTechnical')]} />
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
          {contradictions.map((contradiction) => (
            // A standing explanation of what is not shown, not an event: a note.
            <Alert key={contradiction.key} severity="warning" role="note">
              <AlertTitle>{t('accounts.withheld.balanceUnitTitle')}</AlertTitle>
              {t('accounts.withheld.balanceUnit', { value: contradiction.value })}
              <TechnicalDetails
                lines={[
                  t('accounts.withheld.balanceUnitTechnical', {
                    field: contradiction.field,
                    value: contradiction.value,
                  }),
                ]}
              />
            </Alert>
          ))}
          <ListToolbar
            search={search.field}
            count={
              allAccounts && shown
                ? shown.order.length === allAccounts.count
                  ? t('accounts.count', { count: allAccounts.count })
                  : t('accounts.countFiltered', { shown: shown.order.length, count: allAccounts.count })
                : t('accounts.loading')
            }
          >
            <ColumnMenu hidden={hidden} withheld={withheld} onToggle={onToggleColumn} />
            <ExportButton
              disabled={!shown || shown.order.length === 0}
              onExport={() => (shown ? exportCsv(shown.order) : Promise.resolve())}
            />
          </ListToolbar>
          {shown && shown.order.length === 0 ? (
            <Alert severity="info">
              {allAccounts?.count === 0
                ? t('accounts.empty')
                : t('accounts.noMatch', { filter: shown.query })}
            </Alert>
          ) : (
            <AccountsTable
              accounts={allAccounts}
              order={shown?.order ?? null}
              busy={busy}
              columns={columns}
              sort={sort}
              onSort={onSort}
              totals={shown?.totals ?? null}
              moneyUnit={moneyUnit}
              onRequestCard={onRequestCard}
              whyNoCard={whyNoCard}
              onExplain={(reason) => notify(reason, 'info')}
              phone={!atLeastSm}
            />
          )}
        </Stack>
      )}
    </PageContainer>
  );
}

/**
 * "Exportar CSV", busy while the worker writes the file: its own state, so that only the button
 * re-renders at the start and the end of an export (the page holds the table).
 */
function ExportButton({ disabled, onExport }: { disabled: boolean; onExport: () => Promise<void> }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={disabled}
      loading={exporting}
      loadingPosition="start"
      onClick={() => {
        setExporting(true);
        void onExport().finally(() => setExporting(false));
      }}
    >
      {t('accounts.export')}
    </Button>
  );
}
