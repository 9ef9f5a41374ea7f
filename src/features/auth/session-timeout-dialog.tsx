import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface SessionTimeoutDialogProps {
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
}

/** The idle warning: a minute before the session ends, with "Continuar conectado" focused. */
export function SessionTimeoutDialog({ secondsLeft, onStay, onSignOut }: SessionTimeoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      aria-labelledby="idle-title"
      aria-describedby="idle-body"
      onClose={onStay}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="idle-title">{t('auth.idleTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-body">{t('auth.idleBody', { seconds: secondsLeft })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onSignOut}>
          {t('auth.idleSignOut')}
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('auth.idleStay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
