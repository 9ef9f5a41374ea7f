import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useCardsTranslation } from './texts';
import { TechnicalDetails } from '@/components/technical-details';
import { useVirtualCardCodeTranslation } from '@/components/virtual-card-code-texts';
import { AccountPicker } from './account-picker';
import { CardOperationDialog, CardOperationFeedback } from './card-operation-parts';
import { CodeField } from './code-field';
import { useVirtualCardRequest, type VirtualCardRequest } from './use-virtual-card-request';

interface VirtualCardSectionProps {
  /** An account code handed over by the accounts screen: opens the confirmation for it at once. */
  handedOverAccount: number | null;
}

/**
 * Request a virtual card: pick the account (when the token may read the account list) or type its code,
 * confirm, and see the provider's answer. The state is `useVirtualCardRequest`'s.
 */
export function VirtualCardSection({ handedOverAccount }: VirtualCardSectionProps) {
  const { t } = useCardsTranslation();
  const headingId = useId();
  const { controls, ...request } = useVirtualCardRequest(handedOverAccount);
  const { state, triggerRef, confirming } = controls;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('cards.virtual.heading')}
      </Typography>
      <AccountListNotice {...request} />
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={request.onSubmit}
        noValidate
      >
        {request.typed ? (
          <CodeField
            label={t('cards.virtual.accountCodeLabel')}
            helperText={t('cards.virtual.accountCodeHelp')}
            errorText={request.fieldError}
            value={request.codeText}
            onChange={request.onCodeText}
            name="account"
            inputRef={request.accountInputRef}
          />
        ) : (
          <AccountPicker {...request} headingId={headingId} />
        )}
        <Button type="submit" variant="contained" ref={triggerRef} disabled={state.pending}>
          {t('cards.virtual.submit')}
        </Button>
      </Stack>
      <CardOperationFeedback
        operation="virtualCard"
        controls={controls}
        errorTitle={t('cards.virtual.errorTitle')}
        fields={request.refusalFields}
      />
      <CardOperationDialog
        controls={controls}
        title={t('cards.virtual.dialogTitle')}
        description={<VirtualCardDialogText {...request} confirming={confirming} />}
        confirmLabel={t('cards.virtual.confirm')}
        // The one action of a confirmation that only states what will happen.
        focusConfirm
      />
    </Paper>
  );
}

/** Why the code is typed rather than picked, when it is: no scope, no qualifying account, no list. */
function AccountListNotice({
  forbidden,
  noneQualifies,
  accounts,
  options,
  field,
}: Pick<VirtualCardRequest, 'forbidden' | 'noneQualifies' | 'accounts' | 'options' | 'field'>) {
  const { t } = useCardsTranslation();
  if (forbidden)
    return (
      // A standing explanation, not an event: a note, not an alert.
      <Alert severity="info" role="note" sx={{ mb: 2 }}>
        {t('cards.virtual.scopeMissing')}
      </Alert>
    );
  if (noneQualifies)
    return (
      <Alert severity="info" role="note" sx={{ mb: 2 }}>
        {t('cards.virtual.noneQualifies', { count: options.length })}
        <TechnicalDetails lines={[t('cards.virtual.noneQualifiesTechnical', { field })]} />
      </Alert>
    );
  if (accounts.isError)
    return (
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
    );
  return null;
}

/** What the confirmation says: the code, the account it belongs to when picked, and that it is sent once. */
function VirtualCardDialogText({
  confirming,
  confirmingOption,
  field,
}: Pick<VirtualCardRequest, 'confirmingOption' | 'field'> & { confirming: number | null }) {
  const { t } = useCardsTranslation();
  const { t: tCode } = useVirtualCardCodeTranslation();
  return (
    <>
      <DialogContentText>{t('cards.virtual.dialogBody', { account: confirming ?? '' })}</DialogContentText>
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
  );
}
