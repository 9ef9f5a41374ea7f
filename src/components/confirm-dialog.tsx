import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { usePhoneLayout } from '@/hooks/use-phone-layout';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, read out as the dialog's description (paragraphs of DialogContentText). */
  description: ReactNode;
  /** Controls after the description, such as a field to type the code again. */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the request is under way. */
  busyLabel: string;
  cancelLabel: string;
  /** The request is under way: both buttons wait, and closing is refused. */
  busy: boolean;
  /** False while the confirmation is not yet valid (e.g. the retyped code differs). */
  canConfirm?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** Focus the confirm button on opening (a confirmation that only states what will happen). */
  focusConfirm?: boolean;
  /** Called at most once per opening of the dialog, however often it is pressed. */
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes once the dialog has faded out (the answer, or the button that opened it). */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The confirmation before an operation the provider cannot undo (a card request, a cancellation).
 *
 * One confirm per opening, decided synchronously: once the answer is in, the dialog fades out for a
 * moment with its confirm button enabled again (no longer busy), and a second click or Enter arriving
 * then (~80 ms after the first) would otherwise send a second POST. Full screen on phones.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  canConfirm = true,
  danger = false,
  focusConfirm = false,
  onConfirm,
  onClose,
  returnFocusTo,
}: ConfirmDialogProps) {
  const id = useId();
  const phone = usePhoneLayout();
  const confirmed = useRef(false);
  useEffect(() => {
    if (open) confirmed.current = false;
  }, [open]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!open || busy || !canConfirm || confirmed.current) return;
    confirmed.current = true;
    onConfirm();
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      fullScreen={phone}
      disableRestoreFocus
      slotProps={{ transition: { onExited: () => returnFocusTo()?.focus() } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <div id={`${id}-description`}>{description}</div>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            // error.dark keeps white text at AA contrast in the dark theme too (error.main does not).
            sx={
              danger
                ? { bgcolor: 'error.dark', '&:hover': { bgcolor: 'error.dark', filter: 'brightness(0.9)' } }
                : undefined
            }
            disabled={busy || !canConfirm || !open}
            autoFocus={focusConfirm}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
