import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useReauthTranslation } from './reauth-texts';
import { useServices } from '@/hooks/services-context';
import { session, type SessionState } from '@/api/session';
import { useRuntimeConfig } from '@/config/config-context';
import { useToast } from '@/components/toast-provider';
import { usePhoneLayout } from '@/hooks/use-phone-layout';
import { TokenForm } from './token-form';
import { useSession } from '@/hooks/use-session';

interface ReauthDialogProps {
  onSignOut: () => void;
}

/**
 * What a re-authentication did to the tab: the same verified operator kept everything; another verified
 * operator, or one that nothing verified (token mode), found the tab emptied (the session binding did it
 * before the new token was used).
 */
type ReauthOutcome = 'same' | 'other-operator' | 'unverified';

function outcomeOf(before: SessionState, after: SessionState): ReauthOutcome {
  if (before.status === 'signed-out' || after.status === 'signed-out') return 'same';
  if (before.operator === after.operator) return 'same';
  return before.verifiedSubject !== null && after.verifiedSubject !== null ? 'other-operator' : 'unverified';
}

const outcomeText = {
  same: 'reauth.done',
  'other-operator': 'reauth.otherOperator',
  unverified: 'reauth.unverified',
} as const;

/**
 * Opens in place when the provider answers 401: one dialog however many calls failed. The page under it
 * stays mounted; what it holds stays only when the same operator signs in again, which only a verified
 * identity can show (OpenID Connect). A pasted token shows none, so the dialog says beforehand that the
 * tab will be emptied (docs/decisions/017-operator-identity-verified-only.md).
 */
export function ReauthDialog({ onSignOut }: ReauthDialogProps) {
  const { t } = useReauthTranslation();
  const notify = useToast();
  const state = useSession();
  const config = useRuntimeConfig();
  const open = state.status === 'expired';
  const oidc = config.auth.type === 'oidc';
  const phone = usePhoneLayout();
  // The tab was emptied (someone else, or nobody can tell): the operator must be told what went.
  const announce = (outcome: ReauthOutcome) =>
    notify(t(outcomeText[outcome]), outcome === 'same' ? undefined : 'warning');
  const signOutButton = (
    <Button color="inherit" onClick={onSignOut}>
      {t('reauth.signOut')}
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
      <DialogTitle id="reauth-title">{t('reauth.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="reauth-intro" sx={{ mb: 2 }}>
          {oidc ? t('reauth.oidcIntro') : t('reauth.intro')}
        </DialogContentText>
        {open && oidc ? (
          <OidcReauth onDone={announce} secondaryAction={signOutButton} />
        ) : open ? (
          <TokenForm
            autoFocus
            submitLabel={t('reauth.submit')}
            onToken={(token) => {
              // A pasted token proves nobody's identity here: the session store takes it as another
              // operator, and the session binding (app/query-client.ts) empties the tab (cache, draft,
              // journal, lookups, batch) before the token is used; the screen starts afresh.
              const before = session.getState();
              session.signIn(token);
              announce(outcomeOf(before, session.getState()));
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
  onDone: (outcome: ReauthOutcome) => void;
  secondaryAction: ReactNode;
}) {
  const { t } = useReauthTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const auth = useServices().identityProvider;
  const reauthenticate = () => {
    if (!auth || pending) return;
    setPending(true);
    setFailed(false);
    const before = session.getState();
    auth.reauthenticate().then(
      () => onDone(outcomeOf(before, session.getState())),
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
          {t('reauth.oidcFailed')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {secondaryAction}
        <Button variant="contained" onClick={reauthenticate} disabled={pending} autoFocus>
          {t('reauth.oidcSubmit')}
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
  const { t } = useReauthTranslation();
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
      <DialogTitle id="idle-title">{t('reauth.idleTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-body">{t('reauth.idleBody', { seconds: secondsLeft })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onSignOut}>
          {t('reauth.idleSignOut')}
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('reauth.idleStay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
