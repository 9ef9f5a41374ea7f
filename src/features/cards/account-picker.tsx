import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useCardsTranslation } from './texts';
import { useVirtualCardCodeTranslation } from '@/components/virtual-card-code-texts';
import type { AccountOption, VirtualCardRequest } from './use-virtual-card-request';

/** Options shown at once in the account picker; typing narrows the rest (10 000 accounts stay fast). */
const OPTION_LIMIT = 50;

const filterAccounts = createFilterOptions<AccountOption>({
  limit: OPTION_LIMIT,
  stringify: ({ account, taxIdFormatted }) =>
    `${account.tradeName} ${account.officialName} ${account.taxId} ${taxIdFormatted} ${account.branch} ${account.account} ${account.accountId}`,
});

type AccountPickerProps = Pick<
  VirtualCardRequest,
  'accounts' | 'options' | 'selectedOption' | 'onSelect' | 'fieldError' | 'accountInputRef'
> & {
  /** The section's heading id, which names the help text. */
  headingId: string;
};

/** The account list as a searchable picker; accounts without a requestable code are listed disabled. */
export function AccountPicker({
  accounts,
  options,
  selectedOption,
  onSelect,
  fieldError,
  accountInputRef,
  headingId,
}: AccountPickerProps) {
  const { t } = useCardsTranslation();
  return (
    <Autocomplete
      options={options}
      value={selectedOption}
      onChange={(_event, option) => onSelect(option)}
      filterOptions={filterAccounts}
      getOptionLabel={({ account }) =>
        t('cards.virtual.accountOption', {
          tradeName: account.tradeName,
          branch: account.branch,
          account: account.account,
        })
      }
      getOptionKey={(option) => option.account.accountId}
      getOptionDisabled={(option) => !option.code.ok}
      isOptionEqualToValue={(option, value) => option.account.accountId === value.account.accountId}
      slotProps={{ listbox: { sx: optionLinesSx } }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <AccountOptionLines option={option} />
        </li>
      )}
      loading={accounts.isPending}
      loadingText={t('cards.virtual.loadingAccounts')}
      noOptionsText={t('cards.virtual.noOptions')}
      size="small"
      sx={{ width: { xs: '100%', md: 520 } }}
      renderInput={(params) => (
        <FormControl
          fullWidth={params.fullWidth}
          size="small"
          error={fieldError !== null}
          disabled={params.disabled}
        >
          <InputLabel {...params.slotProps.inputLabel}>{t('cards.virtual.accountLabel')}</InputLabel>
          <OutlinedInput
            {...params.slotProps.input}
            label={t('cards.virtual.accountLabel')}
            // Forked with the Autocomplete's own ref on the input (MUI InputBase).
            inputRef={accountInputRef}
            inputProps={{
              ...params.slotProps.htmlInput,
              name: 'account',
              'aria-describedby': `${headingId}-account-help`,
              'aria-invalid': fieldError !== null,
            }}
            endAdornment={
              <>
                {accounts.isPending ? <CircularProgress color="inherit" size={16} aria-hidden /> : null}
                {params.slotProps.input.endAdornment}
              </>
            }
          />
          <FormHelperText id={`${headingId}-account-help`}>
            {fieldError ??
              (options.length > OPTION_LIMIT
                ? t('cards.virtual.moreOptions', { shown: OPTION_LIMIT, count: options.length })
                : t('cards.virtual.accountPickerHelp'))}
          </FormHelperText>
        </FormControl>
      )}
    />
  );
}

/**
 * An option's three lines as the theme's body2 and caption, styled once by the listbox: plain elements,
 * because the first opening renders every option shown (up to OPTION_LIMIT) in the keystroke's frame,
 * and a Typography and Stack each per line cost that frame more than the lines themselves.
 */
const optionLinesSx = {
  '& .account-option': { display: 'flex', flexDirection: 'column', py: 0.5 },
  '& .account-option > span': { typography: 'caption' },
  '& .account-option > .account-option-name': { typography: 'body2', fontWeight: 500 },
} as const;

/** An option: the trade name, who the account is, and its code (or why it cannot be requested). */
function AccountOptionLines({ option }: { option: AccountOption }) {
  const { t } = useCardsTranslation();
  const { t: tCode } = useVirtualCardCodeTranslation();
  const { account, code } = option;
  return (
    <span className="account-option">
      <span className="account-option-name">{account.tradeName}</span>
      <span>
        {t('cards.virtual.optionIdentity', {
          taxId: option.taxIdFormatted,
          branch: account.branch,
          account: account.account,
        })}
      </span>
      {code.ok ? (
        <span>{t('cards.virtual.optionCode', { code: code.code })}</span>
      ) : (
        <span>
          {tCode(`virtualCardCode.notRequestable.${code.reason}`, {
            fieldLabel: tCode(`virtualCardCode.${code.field}`),
            value: code.value,
          })}
        </span>
      )}
    </span>
  );
}
