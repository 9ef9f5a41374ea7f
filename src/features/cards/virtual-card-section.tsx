import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from './texts';
import { requestVirtualCard } from '@/api/cards';
import type { Account } from '@/api/accounts/accounts-schema';
import { virtualCardCode, type VirtualCardCode } from '@/api/virtual-card-account';
import { useAccountList } from '@/hooks/use-account-list';
import { useRuntimeConfig } from '@/config/config-context';
import { TechnicalDetails } from '@/components/technical-details';
import { formatCnpj } from '@/lib/cnpj';
import { CodeField } from './code-field';
import { CardOperationDialog, CardOperationFeedback } from './card-operation-parts';
import { parseCode, useCardOperation } from './use-card-operation';
import { useVirtualCardCodeTranslation } from '@/components/virtual-card-code-texts';

/** Options shown at once in the account picker; typing narrows the rest (10 000 accounts stay fast). */
const OPTION_LIMIT = 50;

/** An account of the list with the code it would be requested under (or why it cannot be). */
interface AccountOption {
  account: Account;
  code: VirtualCardCode;
  taxIdFormatted: string;
}

const filterAccounts = createFilterOptions<AccountOption>({
  limit: OPTION_LIMIT,
  stringify: ({ account, taxIdFormatted }) =>
    `${account.tradeName} ${account.officialName} ${account.taxId} ${taxIdFormatted} ${account.branch} ${account.account} ${account.accountId}`,
});

interface VirtualCardSectionProps {
  /** An account code handed over by the accounts screen: opens the confirmation for it at once. */
  handedOverAccount: number | null;
}

/**
 * Request a virtual card: pick the account (when the token may read the account list) or type its code,
 * confirm, and see the provider's answer.
 */
export function VirtualCardSection({ handedOverAccount }: VirtualCardSectionProps) {
  const { t } = useTranslation();
  const { t: tCode } = useVirtualCardCodeTranslation();
  const headingId = useId();
  const { virtualCardAccountField: field } = useRuntimeConfig();
  const { accounts, forbidden } = useAccountList();

  // Every account stays in the list; those whose field is not a whole number are shown disabled with
  // the reason (a provider with UUID accountIds must not get an empty picker or a silent guess).
  const options = useMemo<AccountOption[]>(
    () =>
      (accounts.data ?? []).map((account) => ({
        account,
        code: virtualCardCode(account, field),
        taxIdFormatted: formatCnpj(account.taxId),
      })),
    [accounts.data, field],
  );
  const requestable = useMemo(() => options.filter((option) => option.code.ok), [options]);
  const noneQualifies = accounts.isSuccess && requestable.length === 0;
  const typed = forbidden || accounts.isError || noneQualifies;

  const [selectedCode, setSelectedCode] = useState<number | null>(handedOverAccount);
  const [codeText, setCodeText] = useState(handedOverAccount === null ? '' : String(handedOverAccount));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const accountInputRef = useRef<HTMLInputElement>(null);
  const controls = useCardOperation('virtualCard', requestVirtualCard, handedOverAccount);
  const { state, confirming, ask, triggerRef, dismissOutcome } = controls;
  const refusalFields = useMemo(
    () => ({
      account: {
        label: typed ? t('cards.virtual.accountCodeLabel') : t('cards.virtual.accountLabel'),
        focus: () => accountInputRef.current?.focus(),
      },
    }),
    [typed, t],
  );

  const byCode = useMemo(
    () => new Map(requestable.map((option) => [option.code.ok ? option.code.code : null, option])),
    [requestable],
  );
  const selectedOption = selectedCode === null ? null : (byCode.get(selectedCode) ?? null);
  const confirmingOption = confirming === null ? undefined : byCode.get(confirming);

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const code = typed ? parseCode(codeText) : selectedCode;
    if (code === null) {
      setFieldError(typed ? t('cards.codeInvalid') : t('cards.virtual.pickFirst'));
      dismissOutcome();
      return;
    }
    setFieldError(null);
    ask(code);
  }

  const optionLabel = ({ account }: AccountOption) =>
    t('cards.virtual.accountOption', {
      tradeName: account.tradeName,
      branch: account.branch,
      account: account.account,
    });

  const codeLine = ({ code }: AccountOption) =>
    code.ok
      ? t('cards.virtual.optionCode', { code: code.code })
      : tCode(`virtualCardCode.notRequestable.${code.reason}`, {
          fieldLabel: tCode(`virtualCardCode.${code.field}`),
          value: code.value,
        });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('cards.virtual.heading')}
      </Typography>
      {forbidden ? (
        // A standing explanation, not an event: a note, not an alert.
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('cards.virtual.scopeMissing')}
        </Alert>
      ) : noneQualifies ? (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('cards.virtual.noneQualifies', { count: options.length })}
          <TechnicalDetails lines={[t('cards.virtual.noneQualifiesTechnical', { field })]} />
        </Alert>
      ) : accounts.isError ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              {t('cards.retryList')}
            </Button>
          }
        >
          {t('cards.virtual.listUnavailable')}
        </Alert>
      ) : null}
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={onSubmit}
        noValidate
      >
        {typed ? (
          <CodeField
            label={t('cards.virtual.accountCodeLabel')}
            helperText={t('cards.virtual.accountCodeHelp')}
            errorText={fieldError}
            value={codeText}
            onChange={(text) => {
              setCodeText(text);
              dismissOutcome();
            }}
            name="account"
            inputRef={accountInputRef}
          />
        ) : (
          <Autocomplete
            options={options}
            value={selectedOption}
            onChange={(_event, option) => {
              setSelectedCode(option?.code.ok ? option.code.code : null);
              setFieldError(null);
              dismissOutcome();
            }}
            filterOptions={filterAccounts}
            getOptionLabel={optionLabel}
            getOptionKey={(option) => option.account.accountId}
            getOptionDisabled={(option) => !option.code.ok}
            isOptionEqualToValue={(option, value) => option.account.accountId === value.account.accountId}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <Stack sx={{ py: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {option.account.tradeName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('cards.virtual.optionIdentity', {
                      taxId: option.taxIdFormatted,
                      branch: option.account.branch,
                      account: option.account.account,
                    })}
                  </Typography>
                  <Typography variant="caption" color={option.code.ok ? 'text.primary' : 'text.secondary'}>
                    {codeLine(option)}
                  </Typography>
                </Stack>
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
        )}
        <Button type="submit" variant="contained" ref={triggerRef} disabled={state.pending}>
          {t('cards.virtual.submit')}
        </Button>
      </Stack>
      <CardOperationFeedback
        operation="virtualCard"
        controls={controls}
        errorTitle={t('cards.virtual.errorTitle')}
        fields={refusalFields}
      />
      <CardOperationDialog
        controls={controls}
        title={t('cards.virtual.dialogTitle')}
        description={
          <>
            <DialogContentText>
              {t('cards.virtual.dialogBody', { account: confirming ?? '' })}
            </DialogContentText>
            {confirmingOption ? (
              <>
                <DialogContentText sx={{ mt: 1 }}>
                  {t('cards.virtual.dialogAccount', {
                    tradeName: confirmingOption.account.tradeName,
                    taxId: confirmingOption.taxIdFormatted,
                    branch: confirmingOption.account.branch,
                    account: confirmingOption.account.account,
                  })}
                </DialogContentText>
                <DialogContentText sx={{ mt: 1 }}>
                  {t('cards.virtual.dialogCode', {
                    code: confirming ?? '',
                    fieldLabel: tCode(`virtualCardCode.${field}`),
                  })}
                </DialogContentText>
              </>
            ) : null}
            <DialogContentText sx={{ mt: 1 }}>{t('cards.virtual.dialogOnce')}</DialogContentText>
          </>
        }
        confirmLabel={t('cards.virtual.confirm')}
        // The one action of a confirmation that only states what will happen.
        focusConfirm
      />
    </Paper>
  );
}
