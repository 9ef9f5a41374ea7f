import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useAuthTranslation } from './texts';
import type { SignInFailure } from '@/api/identity-provider';
import { useServices } from '@/hooks/services-context';

function useFailureText(failure: SignInFailure | null): string | null {
  const { t } = useAuthTranslation();
  if (!failure) return null;
  if (failure.kind === 'state') return t('auth.oidcFailureState');
  if (failure.kind === 'network') return t('auth.oidcFailureNetwork');
  if (failure.kind === 'id-token') return t('auth.oidcFailureIdToken');
  if (failure.kind === 'clock') return t('auth.oidcFailureClock');
  return t('auth.oidcFailureProvider', { error: failure.error });
}

/** "Entrar" through the identity provider: a redirect there and back to `target`. */
export function OidcSignIn({ target }: { target: string }) {
  const { t } = useAuthTranslation();
  const auth = useServices().identityProvider;
  const [failure, setFailure] = useState(() => auth?.lastSignInFailure() ?? null);
  const [redirecting, setRedirecting] = useState(false);
  const failureText = useFailureText(failure);

  const signIn = () => {
    if (!auth || redirecting) return;
    setRedirecting(true);
    setFailure(null);
    auth.signIn(target).catch(() => {
      setRedirecting(false);
      setFailure({ kind: 'network' });
    });
  };

  return (
    <Stack spacing={2}>
      {failureText ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('auth.oidcFailureTitle')}</AlertTitle>
          {failureText}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" onClick={signIn} disabled={redirecting} autoFocus>
          {redirecting ? t('auth.oidcRedirecting') : t('auth.oidcSubmit')}
        </Button>
      </Stack>
    </Stack>
  );
}
