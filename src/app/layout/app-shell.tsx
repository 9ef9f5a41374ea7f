import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useRouteFocus } from '@/hooks/use-route-focus';
import { useRuntimeConfig } from '@/config/config-context';
import { useSession } from '@/hooks/use-session';
import { NavDrawer } from './nav-drawer';
import { SessionLimitsGuard } from './session-limits-guard';
import { useSignOut } from '../use-sign-out';
import { TopBar } from './top-bar';
import { ShellLayout } from './shell-layout';
import { paths } from '@/config/paths';
import { unsentWork, type UnsentWork } from '@/lib/unsent-work';
import { session } from '@/api/session';
import { startSessionBroadcast } from '../session-broadcast';
import type { RemoteUnsentWork } from '../unsent-work-broadcast';

// The tabs tell each other of sign-ins, sign-outs and activity from when this shell loads: fetched once
// sign-in has painted (main.tsx's prefetch) and always before a signed-in screen shows, so sign-in's
// first download does not carry it (decision 004's up-front budget).
startSessionBroadcast(session);
// "Sair" in another tab asks what this one would lose (it signs every tab out), and "Sair" here asks them.
// Its own chunk, fetched once the shell has loaded: no screen's first download carries it (decision 004).
type OtherTabsChunk = typeof import('../unsent-work-broadcast');
let otherTabsChunk: Promise<OtherTabsChunk> | null = null;
/**
 * The chunk, fetched once; a fetch that failed (a rolling update removed the old chunk, a network blip)
 * is not kept, so the next "Sair" fetches it again.
 */
function loadOtherTabsChunk(): Promise<OtherTabsChunk> {
  otherTabsChunk ??= import('../unsent-work-broadcast').then(
    (chunk) => {
      chunk.startAnsweringUnsentWork(() => session.getState().status !== 'signed-out');
      return chunk;
    },
    (error: unknown) => {
      otherTabsChunk = null;
      throw error;
    },
  );
  return otherTabsChunk;
}
void loadOtherTabsChunk().catch(() => undefined);

// Loaded only when a 401 happens: the dialog machinery (Modal, transitions) stays off the first screens.
const ReauthDialog = lazy(async () => ({
  default: (await import('@/features/auth/reauth-dialog')).ReauthDialog,
}));
// Below `md` only, on first opening: wide screens never download Modal and its transitions.
// Only when "Sair" meets work it would erase.
const SignOutDialog = lazy(async () => ({
  default: (await import('./sign-out-dialog')).SignOutDialog,
}));
const MobileNavDrawer = lazy(async () => ({
  default: (await import('./mobile-nav-drawer')).MobileNavDrawer,
}));

/**
 * The frame around every signed-in screen. A signed-out visitor is sent to sign-in (the page they
 * wanted is remembered in router state, which holds no personal data: paths never carry any).
 */
export function AppShell() {
  const state = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const config = useRuntimeConfig();
  // Stable across renders: <Navigate> navigates again whenever its `state` prop changes identity.
  const redirectState = useMemo(() => ({ from: location.pathname }), [location.pathname]);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [navOpen, setNavOpen] = useState(false);
  const [navLoaded, setNavLoaded] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { signOut, endSession } = useSignOut();
  // "Sair" asks first while this tab, or any other tab it would sign out, holds work it would erase.
  const [erasing, setErasing] = useState<{
    here: readonly UnsentWork[];
    others: readonly RemoteUnsentWork[];
    otherTabsAsked: boolean;
  } | null>(null);
  const asking = useRef(false);
  const requestSignOut = () => {
    if (asking.current) return;
    asking.current = true;
    void loadOtherTabsChunk()
      .then(({ otherTabsUnsentWork }) => otherTabsUnsentWork())
      // Without the chunk the other tabs cannot be asked: "Sair" still signs out (asking first about
      // this tab's own work), and says so. A shared workstation is not left signed in for it.
      .catch(() => null)
      .then((others) => {
        asking.current = false;
        const here = unsentWork();
        const otherTabsAsked = others !== null;
        if (here.length === 0 && !others?.length) signOut({ otherTabsAsked });
        else setErasing({ here, others: others ?? [], otherTabsAsked });
      });
  };
  useRouteFocus();

  if (state.status === 'signed-out') {
    return <Navigate to={paths.signIn} replace state={redirectState} />;
  }

  return (
    <ShellLayout
      topBar={
        <TopBar
          onSignOut={requestSignOut}
          compact={!wide}
          navOpen={navOpen && !wide}
          onOpenNav={() => {
            setNavLoaded(true);
            setNavOpen(true);
          }}
          menuButtonRef={menuButtonRef}
        />
      }
      nav={
        wide ? (
          <NavDrawer />
        ) : navLoaded ? (
          <Suspense fallback={null}>
            <MobileNavDrawer open={navOpen} onClose={() => setNavOpen(false)} menuButtonRef={menuButtonRef} />
          </Suspense>
        ) : null
      }
      loading={navigation.state === 'loading'}
      overlays={
        <>
          <SessionLimitsGuard limits={config.sessionLimits} onEnd={endSession} onSignOut={requestSignOut} />
          {state.status === 'expired' ? (
            <Suspense fallback={null}>
              <ReauthDialog onSignOut={requestSignOut} />
            </Suspense>
          ) : null}
          {erasing ? (
            <Suspense fallback={null}>
              <SignOutDialog
                initial={erasing.here}
                others={erasing.others}
                onStay={() => setErasing(null)}
                onSignOut={() => {
                  setErasing(null);
                  signOut({ otherTabsAsked: erasing.otherTabsAsked });
                }}
              />
            </Suspense>
          ) : null}
        </>
      }
    >
      {/* Another operator signed in over this page: the screen starts afresh, holding nothing of before. */}
      <Outlet key={state.operator} />
    </ShellLayout>
  );
}
