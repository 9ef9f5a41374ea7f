import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from './texts';
import { cancelCard } from '@/api/cards';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LiveRegion } from '@/components/live-region';
import { TextInput } from '@/components/text-input';
import { CodeField } from './code-field';
import { OperationOutcome } from './operation-result';
import { parseCode, useCardOperation } from './use-card-operation';

/**
 * Cancel a card: the code, then a dialog that names the card, says it cannot be undone and asks for the
 * code again; the confirm button works only when both match. The path and the body carry the same code.
 */
export function CancelCardSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const [codeText, setCodeText] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [retyped, setRetyped] = useState('');
  const triggerRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const { state, confirming, open, answered, resent, ask, confirm, resend, close } = useCardOperation(
    'cancel',
    cancelCard,
  );
  const refusalFields = useMemo(
    () => ({ cardCode: { label: t('cards.cancel.codeLabel'), focus: () => codeInputRef.current?.focus() } }),
    [t],
  );

  const matches = confirming !== null && parseCode(retyped) === confirming;

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const code = parseCode(codeText);
    if (code === null) {
      setCodeError(t('cards.codeInvalid'));
      return;
    }
    setCodeError(null);
    setRetyped('');
    ask(code);
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('cards.cancel.heading')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={onSubmit}
        noValidate
      >
        <CodeField
          label={t('cards.cancel.codeLabel')}
          helperText={t('cards.cancel.codeHelp')}
          errorText={codeError}
          value={codeText}
          onChange={setCodeText}
          name="cardCode"
          inputRef={codeInputRef}
        />
        <Button type="submit" variant="outlined" color="error" ref={triggerRef} disabled={state.pending}>
          {t('cards.cancel.submit')}
        </Button>
      </Stack>
      <LiveRegion visible={!open} message={state.pending ? t('cards.sending') : null} />
      <OperationOutcome
        operation="cancel"
        outcome={state.outcome}
        code={state.variables}
        repeat={state.repeat}
        errorTitle={t('cards.cancel.errorTitle')}
        focusRef={resultRef}
        autoFocus={resent}
        fields={refusalFields}
        onResend={() => resend(state.version)}
      />
      <ConfirmDialog
        open={open}
        title={t('cards.cancel.dialogTitle', { code: confirming ?? '' })}
        description={
          <DialogContentText sx={{ mb: 2 }}>
            {t('cards.cancel.dialogBody', { code: confirming ?? '' })}
          </DialogContentText>
        }
        confirmLabel={t('cards.cancel.confirm')}
        busyLabel={t('cards.sending')}
        cancelLabel={t('cards.back')}
        busy={state.pending}
        canConfirm={matches}
        danger
        onConfirm={() => confirm(state.version)}
        onClose={close}
        // Back to where the operator was: the answer when there is one, else the button.
        returnFocusTo={() => (answered ? resultRef.current : triggerRef.current)}
      >
        <TextInput
          label={t('cards.cancel.retypeLabel')}
          helperText={
            retyped !== '' && !matches
              ? t('cards.cancel.retypeMismatch', { code: confirming ?? '' })
              : t('cards.cancel.retypeHelp', { code: confirming ?? '' })
          }
          value={retyped}
          onChange={(event) => setRetyped(event.target.value)}
          autoComplete="off"
          autoFocus
          inputProps={{ inputMode: 'numeric' }}
          fullWidth
          disabled={state.pending}
        />
      </ConfirmDialog>
    </Paper>
  );
}
