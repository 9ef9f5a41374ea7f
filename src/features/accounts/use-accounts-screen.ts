import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useAccountsTranslation } from './texts';
import { accountsEngine } from '@/api/accounts/accounts-engine';
import type { Account } from '@/api/accounts/accounts-schema';
import { virtualCardCode } from '@/api/virtual-card-account';
import { useToast } from '@/components/toast-provider';
import { useAccountDataset } from '@/hooks/use-account-list';
import { useListSearch } from '@/components/list-toolbar';
import { useNavigateWithHandOff } from '@/hooks/use-hand-off';
import { useRuntimeConfig } from '@/config/config-context';
import { balanceUnitOf } from '@/config/config-schema';
import { downloadFile, stampedFileName } from '@/lib/csv';
import { columnIds, isMoneyColumn, type ColumnId, type SortState } from './account-columns';
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

/** The columns hidden, by the width's defaults and the operator's choices in the column menu. */
function useColumnChoices() {
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
  return {
    phone: !atLeastSm,
    hidden: new Set(columnIds.filter((column) => !isShown(column))),
    /** Every column the operator has not hidden: the width's defaults are about the screen, not a file. */
    notHiddenByChoice: (column: ColumnId) => chosen.get(column) !== false,
    onToggleColumn: (column: ColumnId) => {
      const shown = isShown(column);
      setChosen((current) => new Map(current).set(column, !shown));
    },
  };
}

/**
 * The accounts screen's state: the list (or why there is none), what the search and sort show, the
 * columns, the values a contradiction withholds, and the ways out (a virtual card, a CSV).
 */
export function useAccountsScreen() {
  const { t } = useAccountsTranslation();
  const { t: tCode } = useVirtualCardCodeTranslation();
  const navigateWithHandOff = useNavigateWithHandOff();
  const config = useRuntimeConfig();
  const moneyUnit = balanceUnitOf(config);
  const notify = useToast();
  const { accounts, forbidden } = useAccountDataset();

  const search = useListSearch(t('accounts.searchLabel'), t('accounts.searchHelp'));
  const query = search.field.value;
  const searched = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState | null>(null);
  const { phone, hidden, notHiddenByChoice, onToggleColumn } = useColumnChoices();

  // A contradiction between the configuration and the data withholds the values it concerns (a
  // fractional balance under a centavos reading: the balances and their totals); the rest works.
  // (Found by the accounts worker as it decoded the list: the page does not walk it again.)
  const allAccounts = accounts.data ?? null;
  const contradictions = allAccounts ? contradictionsOf(allAccounts.overview, moneyUnit) : [];
  const withheld = withheldColumns(contradictions);
  // Search and sort are answered off the main thread; until then the previous rows stay (busy).
  const shown = useAccountsView(allAccounts, searched, sort && !withheld.has(sort.column) ? sort : null);

  // The code the cards screen sends for an account, under the configured reading (and only if whole).
  const codeOf = (account: Account) => virtualCardCode(account, config.virtualCardAccountField);

  // The file is built where the list is (the accounts worker): the page only offers it.
  function exportCsv(order: Int32Array): Promise<void> {
    if (!allAccounts) return Promise.resolve();
    // No withheld value goes to the file.
    const exported = columnIds.filter((column) => notHiddenByChoice(column) && !withheld.has(column));
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

  return {
    accounts,
    forbidden,
    failed: accounts.isError && !forbidden,
    contradictions,
    search: search.field,
    allAccounts,
    shown,
    busy: shown !== null && (shown.busy || searched !== query),
    hidden,
    withheld,
    onToggleColumn,
    columns: columnIds.filter((column) => !hidden.has(column) && !withheld.has(column)),
    phone,
    sort,
    onSort: (column: ColumnId) => {
      // The header answers at once; the rows follow when the worker has sorted them.
      setSort((current) =>
        current?.column === column
          ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
          : { column, direction: 'asc' },
      );
    },
    moneyUnit,
    onRequestCard: (account: Account) => {
      const code = codeOf(account);
      if (code.ok) navigateWithHandOff('cards', { virtualCardAccount: code.code });
    },
    // Why an account cannot get a virtual card, in the operator's words (null when it can).
    whyNoCard: (account: Account) => {
      const code = codeOf(account);
      return code.ok
        ? null
        : tCode(`virtualCardCode.notRequestable.${code.reason}`, {
            fieldLabel: tCode(`virtualCardCode.${code.field}`),
            value: code.value,
          });
    },
    onExplain: (reason: string) => notify(reason, 'info'),
    exportShown: () => (shown ? exportCsv(shown.order) : Promise.resolve()),
  };
}

/** The accounts screen's state, as its views read it. */
export type AccountsScreen = ReturnType<typeof useAccountsScreen>;
