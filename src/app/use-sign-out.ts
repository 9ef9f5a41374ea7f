/** `useSignOut`: the one way the shell signs the operator out, here and at the identity provider. */
import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';
import { useNavigate } from 'react-router';
import { session } from '@/api/session';
import { useToast } from '@/components/toast-provider';
import { paths } from '@/config/paths';
import { useServices } from '@/hooks/services-context';

const signOutTexts = defineTexts(
  {
    otherTabsUnasked: 'Você saiu, também das outras abas, sem poder perguntar o que tinham por enviar.',
  },
  {
    otherTabsUnasked: 'You signed out, of the other tabs too, without asking what they had unsent.',
  },
);
const useSignOutTranslation = bindTexts('signOut', signOutTexts);

/**
 * The one way the app signs out. Ending the session is what empties the tab: the session binding
 * (`bindSessionCleanup`) drops the query cache and every memory store, whichever way the session ends.
 * This hook adds what only a signed-in screen can do: say so, go to sign-in, and end the identity
 * provider's session too (OpenID Connect).
 */
export function useSignOut() {
  const { t } = useSignOutTranslation();
  const navigate = useNavigate();
  const notify = useToast();
  const { identityProvider } = useServices();

  /**
   * The operator chose to sign out. `otherTabsAsked: false`: the other tabs (which sign out with this
   * one) could not be asked what they would lose (their chunk did not load), and the notice says so.
   */
  const signOut = ({ otherTabsAsked = true }: { otherTabsAsked?: boolean } = {}) => {
    session.signOut();
    if (otherTabsAsked) notify(t('app.signedOut'), 'info');
    else notify(t('signOut.otherTabsUnasked'), 'warning');
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
