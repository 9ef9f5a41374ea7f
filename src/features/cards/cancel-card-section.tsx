import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useCardsTranslation } from './texts';
import { cancelCard } from '@/api/cards';
import { TextInput } from '@/components/text-input';
import { CodeField } from './code-field';
import { CardOperationDialog, CardOperationFeedback } from './card-operation-parts';
import { parseCode, useCardOperation } from './use-card-operation';

/**
 * Cancel a card: the code, then a dialog that names the card, says it cannot be undone and asks for the
 * code again; the confirm button works only when both match. The path and the body carry the same code.
 */
export function CancelCardSection() {
  const { t } = useCardsTranslation();
  const headingId = useId();
  const [codeText, setCodeText] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [retyped, setRetyped] = useState('');
  const codeInputRef = useRef<HTMLInputElement>(null);
  // A cancelled card's code leaves the field: it is one click from a second cancel otherwise.
  const controls = useCardOperation('cancel', cancelCard, null, () => setCodeText(''));
  const { state, confirming, ask, triggerRef, dismissOutcome } = controls;
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
      dismissOutcome();
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
          onChange={(text) => {
            setCodeText(text);
            dismissOutcome();
          }}
          name="cardCode"
          inputRef={codeInputRef}
        />
        <Button type="submit" variant="outlined" color="error" ref={triggerRef} disabled={state.pending}>
          {t('cards.cancel.submit')}
        </Button>
      </Stack>
      <CardOperationFeedback
        operation="cancel"
        controls={controls}
        errorTitle={t('cards.cancel.errorTitle')}
        fields={refusalFields}
      />
      <CardOperationDialog
        controls={controls}
        title={t('cards.cancel.dialogTitle', { code: confirming ?? '' })}
        description={
          <DialogContentText sx={{ mb: 2 }}>
            {t('cards.cancel.dialogBody', { code: confirming ?? '' })}
          </DialogContentText>
        }
        confirmLabel={t('cards.cancel.confirm')}
        canConfirm={matches}
        danger
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
      </CardOperationDialog>
    </Paper>
  );
}
