import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useAccountsTranslation } from './texts';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { TechnicalDetails } from '@/components/technical-details';
import { PageContainer } from '@/components/page-container';
import { ListToolbar } from '@/components/list-toolbar';
import { AccountsTable } from './accounts-table';
import { ColumnMenu } from './column-menu';
import { useAccountsScreen, type AccountsScreen } from './use-accounts-screen';

/** The institution's accounts: the state is `useAccountsScreen`'s, drawn here by region. */
export function AccountsPage() {
  const { t } = useAccountsTranslation();
  const screen = useAccountsScreen();
  const { accounts, forbidden, failed } = screen;
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
        <AccountsList {...screen} />
      )}
    </PageContainer>
  );
}

/** The list as it is: what is withheld and why, the search and its count, the table (or why it is empty). */
function AccountsList(screen: AccountsScreen) {
  const { t } = useAccountsTranslation();
  const { allAccounts, shown } = screen;
  return (
    <Stack spacing={2}>
      {screen.contradictions.map((contradiction) => (
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
        search={screen.search}
        count={
          allAccounts && shown
            ? shown.order.length === allAccounts.count
              ? t('accounts.count', { count: allAccounts.count })
              : t('accounts.countFiltered', { shown: shown.order.length, count: allAccounts.count })
            : t('accounts.loading')
        }
      >
        <ColumnMenu hidden={screen.hidden} withheld={screen.withheld} onToggle={screen.onToggleColumn} />
        <ExportButton disabled={!shown || shown.order.length === 0} onExport={screen.exportShown} />
      </ListToolbar>
      {shown && shown.order.length === 0 ? (
        <Alert severity="info">
          {allAccounts?.count === 0 ? t('accounts.empty') : t('accounts.noMatch', { filter: shown.query })}
        </Alert>
      ) : (
        <AccountsTable
          accounts={allAccounts}
          order={shown?.order ?? null}
          busy={screen.busy}
          columns={screen.columns}
          sort={screen.sort}
          onSort={screen.onSort}
          totals={shown?.totals ?? null}
          moneyUnit={screen.moneyUnit}
          onRequestCard={screen.onRequestCard}
          whyNoCard={screen.whyNoCard}
          onExplain={screen.onExplain}
          phone={screen.phone}
        />
      )}
    </Stack>
  );
}

/**
 * "Exportar CSV", busy while the worker writes the file: its own state, so that only the button
 * re-renders at the start and the end of an export (the page holds the table).
 */
function ExportButton({ disabled, onExport }: { disabled: boolean; onExport: () => Promise<void> }) {
  const { t } = useAccountsTranslation();
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
