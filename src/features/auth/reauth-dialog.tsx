import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from './texts';
import { identityProvider } from '@/api/identity-provider';
import { session } from '@/api/session';
import { useRuntimeConfig } from '@/config/config-context';
import { useToast } from '@/components/toast-provider';
import { usePhoneLayout } from '@/hooks/use-phone-layout';
import { TokenForm } from './token-form';
import { useSession } from '@/hooks/use-session';

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
  const config = useRuntimeConfig();
  const open = state.status === 'expired';
  const oidc = config.auth.type === 'oidc';
  const phone = usePhoneLayout();
  // Someone else signed in: the previous operator's data is gone, which the operator must be told.
  const announce = (switched: boolean) =>
    notify(switched ? t('auth.reauthOtherOperator') : t('auth.reauthDone'), switched ? 'warning' : undefined);
  const signOutButton = (
    <Button color="inherit" onClick={onSignOut}>
      {t('auth.reauthSignOut')}
    </Button>
  );

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
          {oidc ? t('auth.oidcReauthIntro') : t('auth.reauthIntro')}
        </DialogContentText>
        {open && oidc ? (
          <OidcReauth onDone={announce} secondaryAction={signOutButton} />
        ) : open ? (
          <TokenForm
            autoFocus
            submitLabel={t('auth.reauthSubmit')}
            onToken={(token) => {
              const before = session.getState();
              session.signIn(token);
              const after = session.getState();
              // Someone else's token: the session binding (app/query-client.ts) has already emptied the
              // tab (cache, draft, journal, lookups) and the screen starts afresh; say so. Else it runs
              // the queries on screen again.
              const switched =
                before.status !== 'signed-out' &&
                after.status !== 'signed-out' &&
                before.operator !== after.operator;
              announce(switched);
            }}
            secondaryAction={signOutButton}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Signs in again through the identity provider in a pop-up: the page under the dialog never unloads. */
function OidcReauth({
  onDone,
  secondaryAction,
}: {
  /** `switched`: someone else signed in, so the previous operator's data is gone. */
  onDone: (switched: boolean) => void;
  secondaryAction: ReactNode;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const reauthenticate = () => {
    const auth = identityProvider();
    if (!auth || pending) return;
    setPending(true);
    setFailed(false);
    const before = session.getState();
    auth.reauthenticate().then(
      () => {
        const after = session.getState();
        onDone(
          before.status !== 'signed-out' &&
            after.status !== 'signed-out' &&
            before.operator !== after.operator,
        );
      },
      () => {
        setPending(false);
        setFailed(true);
      },
    );
  };
  return (
    <Stack spacing={2}>
      {failed ? (
        <Alert severity="error" role="alert">
          {t('auth.oidcReauthFailed')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {secondaryAction}
        <Button variant="contained" onClick={reauthenticate} disabled={pending} autoFocus>
          {t('auth.oidcReauthSubmit')}
        </Button>
      </Stack>
    </Stack>
  );
}

// The idle warning lives beside the re-authentication dialog so that both load as one lazy chunk.

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
