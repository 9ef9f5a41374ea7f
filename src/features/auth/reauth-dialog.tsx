import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { session } from '@/api/session';
import { useToast } from '@/components/toast-provider';
import { usePhoneLayout } from '@/components/use-phone-layout';
import { TokenForm } from './token-form';
import { useSession } from './use-session';

interface ReauthDialogProps {
  onSignOut: () => void;
}

/**
 * Opens in place when the provider answers 401: one dialog however many calls failed. The page under it
 * stays mounted, so whatever the operator typed is still there after a new token is entered.
 */
export function ReauthDialog({ onSignOut }: ReauthDialogProps) {
  const { t } = useTranslation();
  const notify = useToast();
  const state = useSession();
  const open = state.status === 'expired';
  const phone = usePhoneLayout();
  return (
    <Dialog
      open={open}
      aria-labelledby="reauth-title"
      aria-describedby="reauth-intro"
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
    >
      <DialogTitle id="reauth-title">{t('auth.reauthTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="reauth-intro" sx={{ mb: 2 }}>
          {t('auth.reauthIntro')}
        </DialogContentText>
        {open ? (
          <TokenForm
            autoFocus
            submitLabel={t('auth.reauthSubmit')}
            onToken={(token) => {
              session.signIn(token);
              // The session binding (app/query-client.ts) runs the queries on screen again.
              notify(t('auth.reauthDone'));
            }}
            secondaryAction={
              <Button color="inherit" onClick={onSignOut}>
                {t('auth.reauthSignOut')}
              </Button>
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
