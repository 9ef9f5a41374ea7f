import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from './texts';
import { cancelCard } from '@/api/cards';
import { TextInput } from '@/components/text-input';
import { usePhoneLayout } from '@/components/use-phone-layout';
import { OperationResult } from './operation-result';
import { parseCode, useCardOperation } from './use-card-operation';

/**
 * Cancel a card: the code, then a dialog that names the card, says it cannot be undone and asks for the
 * code again; the confirm button works only when both match. The path and the body carry the same code.
 */
export function CancelCardSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const phone = usePhoneLayout();
  const [codeText, setCodeText] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // The code under confirmation; kept while the dialog fades out so its text does not vanish.
  const [confirming, setConfirming] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [retyped, setRetyped] = useState('');
  const [answered, setAnswered] = useState(false);
  // One cancel per opening of the dialog, set synchronously: once the answer is in, the dialog fades out
  // for a moment with its confirm button enabled again (not pending any more), and a second click or Enter
  // arriving then (~80 ms after the first) would send a second POST. Cleared when the dialog next opens.
  const confirmedRef = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const { run, mutation } = useCardOperation('cancel', cancelCard);
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
    setAnswered(false);
    confirmedRef.current = false;
    setConfirming(code);
    setOpen(true);
  }

  function onConfirm(event: SyntheticEvent) {
    event.preventDefault();
    if (confirming === null || !matches || mutation.isPending || confirmedRef.current) return;
    confirmedRef.current = true;
    run(confirming, {
      onSettled: () => {
        setAnswered(true);
        setOpen(false);
      },
    });
  }

  function close() {
    if (mutation.isPending) return;
    setAnswered(false);
    setOpen(false);
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
        <TextInput
          label={t('cards.cancel.codeLabel')}
          helperText={t('cards.cancel.codeHelp')}
          errorText={codeError}
          value={codeText}
          onChange={(event) => setCodeText(event.target.value)}
          name="cardCode"
          inputRef={codeInputRef}
          autoComplete="off"
          inputProps={{ inputMode: 'numeric' }}
          size="small"
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <Button type="submit" variant="outlined" color="error" ref={triggerRef} disabled={mutation.isPending}>
          {t('cards.cancel.submit')}
        </Button>
      </Stack>
      <OperationResult
        result={mutation.data}
        error={mutation.error}
        errorTitle={t('cards.cancel.errorTitle')}
        focusRef={resultRef}
        fields={refusalFields}
      />
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={`${headingId}-dialog-title`}
        aria-describedby={`${headingId}-dialog-body`}
        fullScreen={phone}
        disableRestoreFocus
        slotProps={{
          transition: {
            // Back to where the operator was: the answer when there is one, else the button.
            onExited: () => (answered ? resultRef.current : triggerRef.current)?.focus(),
          },
        }}
      >
        {confirming !== null ? (
          <form onSubmit={onConfirm} noValidate>
            <DialogTitle id={`${headingId}-dialog-title`}>
              {t('cards.cancel.dialogTitle', { code: confirming })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText id={`${headingId}-dialog-body`} sx={{ mb: 2 }}>
                {t('cards.cancel.dialogBody', { code: confirming })}
              </DialogContentText>
              <TextInput
                label={t('cards.cancel.retypeLabel')}
                helperText={
                  retyped !== '' && !matches
                    ? t('cards.cancel.retypeMismatch', { code: confirming })
                    : t('cards.cancel.retypeHelp', { code: confirming })
                }
                value={retyped}
                onChange={(event) => setRetyped(event.target.value)}
                autoComplete="off"
                autoFocus
                inputProps={{ inputMode: 'numeric' }}
                fullWidth
                disabled={mutation.isPending}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={mutation.isPending}>
                {t('cards.back')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color="error"
                // error.dark keeps white text at AA contrast in the dark theme too (error.main does not).
                sx={{
                  bgcolor: 'error.dark',
                  '&:hover': { bgcolor: 'error.dark', filter: 'brightness(0.9)' },
                }}
                disabled={!matches || mutation.isPending || answered}
                startIcon={
                  mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
                }
              >
                {mutation.isPending ? t('cards.sending') : t('cards.cancel.confirm')}
              </Button>
            </DialogActions>
          </form>
        ) : null}
      </Dialog>
    </Paper>
  );
}
