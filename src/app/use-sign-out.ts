import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { session } from '@/api/session';
import { useToast } from '@/components/toast-provider';
import { paths } from '@/config/paths';
import { useServices } from '@/hooks/services-context';

/**
 * The one way the app signs out. Ending the session is what empties the tab: the session binding
 * (`bindSessionCleanup`) drops the query cache and every memory store, whichever way the session ends.
 * This hook adds what only a signed-in screen can do: say so, go to sign-in, and end the identity
 * provider's session too (OpenID Connect).
 */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useToast();
  const { identityProvider } = useServices();

  /** The operator chose to sign out. */
  const signOut = () => {
    session.signOut();
    notify(t('app.signedOut'), 'info');
    void navigate(paths.signIn, { replace: true });
    // A redirect to the provider's end_session_endpoint; its return lands on sign-in.
    void identityProvider?.signOutAtProvider();
  };

  /** A session limit was reached (idle or absolute): the sign-in screen says which. */
  const endSession = (reason: 'idle' | 'absolute') => {
    session.signOut(reason);
    void identityProvider?.endAfterTimeout();
    void navigate(paths.signIn, { replace: true });
  };

  return { signOut, endSession };
}
