import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAuthTranslation } from './texts';
import { Navigate, useLocation } from 'react-router';
import { session } from '@/api/session';
import { hasUserActed, useRouteFocus } from '@/hooks/use-route-focus';
import { useRuntimeConfig } from '@/config/config-context';
import { OidcSignIn } from './oidc-sign-in';
import { TokenForm } from './token-form';
import { useSession } from '@/hooks/use-session';
import { paths } from '@/config/paths';
import { ACCOUNTS_READ_SCOPE } from '@/api/scopes';
import { SandboxBanner } from '@/components/sandbox-banner';
import { AppBarChrome } from '@/components/app-bar-chrome';
import { afterNextPaint } from '@/lib/after-next-paint';

/** The protected page the operator asked for before signing in, if any. */
function askedFor(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from: unknown = state.from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.signIn)
      return from;
  }
  return null;
}

/**
 * Where a person starts without a page asked for: an analyst (a token that may not read the account
 * list, as far as its scopes say) on the status lookup, anyone else on the products.
 */
function homeOf(scopes: readonly string[] | undefined): string {
  return scopes && scopes.length > 0 && !scopes.includes(ACCOUNTS_READ_SCOPE)
    ? paths.analysisStatus
    : paths.products;
}

const endedText = {
  idle: 'auth.endedIdle',
  absolute: 'auth.endedAbsolute',
  elsewhere: 'auth.endedElsewhere',
  'other-operator': 'auth.endedOtherOperator',
} as const;

export function SignInPage() {
  const { t } = useAuthTranslation();
  const location = useLocation();
  const state = useSession();
  const config = useRuntimeConfig();
  const asked = askedFor(location.state);
  // A sandbox token's button says where its person starts; otherwise the token's scopes decide.
  const [chosenHome, setChosenHome] = useState<string | undefined>();
  // A token taken, signing in after the next paint (below).
  const [entering, setEntering] = useState(false);
  const target = asked ?? chosenHome ?? homeOf(state.status === 'active' ? state.claims?.scopes : undefined);
  // Arriving here by sign-out: focus goes to the heading (the route focus); on a fresh load, to the field.
  const [focusField] = useState(() => !hasUserActed());
  useRouteFocus();

  if (state.status === 'active') return <Navigate to={target} replace />;
  // Why the last session ended by itself (a session limit, another tab), if it did.
  const ended = state.status === 'signed-out' ? state.ended : undefined;

  return (
    <>
      {/* The bar of every screen, where index.html's still shell painted it. */}
      <AppBarChrome />
      <Toolbar />
      <SandboxBanner />
      <Box
        component="main"
        // Anchored at its top, not centred on its height: what appears in the card later (a pasted token's
        // claims) grows it downwards and moves nothing above.
        sx={{
          display: 'grid',
          justifyItems: 'center',
          alignItems: 'start',
          p: { xs: 1, sm: 2 },
          pt: { xs: 2, sm: '6vh' },
        }}
      >
        <title>{`${t('auth.signInTitle')} · ${t('app.titleSuffix')}`}</title>
        <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 560 }} elevation={2}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('auth.signInTitle')}
          </Typography>
          {ended ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t(endedText[ended])}
            </Alert>
          ) : null}
          <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
            {config.auth.type === 'oidc' ? t('auth.oidcIntro') : t('auth.signInIntro')}
          </Typography>
          {config.auth.type === 'oidc' ? (
            <OidcSignIn target={target} />
          ) : (
            <TokenForm
              submitLabel={t('auth.submit')}
              autoFocus={focusField}
              pending={entering}
              onToken={(token, home) => {
                // Signed in, this page renders <Navigate> to the target: the shell and the first screen,
                // one long task. The press is answered first ("Entrando…" painted), the rest after.
                setChosenHome(home);
                setEntering(true);
                afterNextPaint(() => session.signIn(token));
              }}
            />
          )}
        </Paper>
      </Box>
    </>
  );
}
