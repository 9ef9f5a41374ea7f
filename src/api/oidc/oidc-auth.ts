import {
  ErrorResponse,
  InMemoryWebStorage,
  OidcClient,
  UserManager,
  WebStorageStateStore,
  type User,
} from 'oidc-client-ts';
import type { OidcAuthConfig } from '@/config/config-schema';
import {
  registerIdentityProvider,
  type IdentityProviderAuth,
  type SignInFailure,
} from '../identity-provider';
import type { SessionStore } from '../session';
import { paths } from '@/config/paths';

/**
 * OpenID Connect sign-in (Authorization Code + PKCE) with oidc-client-ts, loaded by main.tsx only when
 * `auth.type` is "oidc" (docs/decisions/008-oidc-sign-in.md).
 *
 * - Tokens live in the library's user store, which here is an InMemoryWebStorage, and in the session
 *   store: memory only (decision 001). A reload signs in again (silently when the provider's session
 *   is still open).
 * - The PKCE verifier and `state` of a round trip sit in sessionStorage under `oidc.` (the redirect
 *   unloads the page, so memory cannot carry them); every start of the app removes them, so they do
 *   not outlive the callback, which itself leaves the address bar and history on a clean path.
 * - Renewal: the library renews `renewBeforeSeconds` before expiry with the refresh token (no iframe,
 *   so no third-party cookies and no frame-src). A failed renewal expires the session, which opens the
 *   re-authentication dialog over the page; that dialog signs in again in a pop-up.
 */

const STATE_PREFIX = 'oidc.';

/**
 * The one Web Storage use in the app, and a deliberate one (decision 008): the redirect unloads the
 * page, so the PKCE verifier and `state` of a sign-in in progress cannot stay in memory. Removed on
 * return (and on every start), never holding a token or personal data.
 */
// eslint-disable-next-line no-restricted-globals
const roundTripStorage: Storage = sessionStorage;

/** What main.tsx does next. */
export type OidcStart = 'render' | 'popup-callback';

function clearRoundTripState(): void {
  const keys = Array.from({ length: roundTripStorage.length }, (_, index) => roundTripStorage.key(index));
  for (const key of keys) if (key?.startsWith(STATE_PREFIX)) roundTripStorage.removeItem(key);
}

/** Only a path on this origin, never `//host` or a URL: the return target comes back from the provider. */
export function safeReturnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const returnTo: unknown = state.returnTo;
    if (typeof returnTo === 'string' && /^\/(?!\/)[^\s\\]*$/.test(returnTo)) return returnTo;
  }
  return '/';
}

export function classifySignInError(error: unknown): SignInFailure {
  if (error instanceof ErrorResponse) return { kind: 'provider', error: error.error ?? 'unknown' };
  const message = error instanceof Error ? error.message : '';
  if (/state/i.test(message)) return { kind: 'state' };
  if (error instanceof TypeError || /network|fetch|timed? ?out/i.test(message)) return { kind: 'network' };
  return { kind: 'provider', error: 'unknown' };
}

function grantedOf(user: User) {
  return {
    subject: user.profile.sub,
    expiresAt: user.expires_at === undefined ? null : new Date(user.expires_at * 1000),
    scopes: user.scopes,
  };
}

export async function startOidc(
  config: OidcAuthConfig,
  session: SessionStore,
  location: Location = window.location,
  /**
   * Back from the provider: the screen the operator will land on, known from the round trip's stored
   * state before the code is exchanged, so that its code can load during the exchange.
   */
  onReturnTo?: (returnTo: string) => void,
): Promise<OidcStart> {
  const redirectUri = `${location.origin}${config.redirectPath}`;
  const manager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    response_type: 'code',
    redirect_uri: redirectUri,
    popup_redirect_uri: `${redirectUri}/popup`,
    post_logout_redirect_uri: `${location.origin}${paths.signIn}`,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: roundTripStorage, prefix: STATE_PREFIX }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: config.renewBeforeSeconds,
    loadUserInfo: false,
    monitorSession: false,
    revokeTokenTypes: ['refresh_token'],
  });

  // A pop-up re-authentication comes back here: hand the answer to the tab that opened it and close.
  if (location.pathname === `${config.redirectPath}/popup`) {
    await manager.signinPopupCallback(location.href).catch(() => undefined);
    return 'popup-callback';
  }

  let failure: SignInFailure | null = null;
  let forceLogin = false;

  // Once signed out (by the operator or a session limit), a renewal still in flight must not bring the
  // session back: tokens are taken only until then (a new sign-in is a new page load).
  let accepting = true;
  session.subscribe(() => {
    if (session.getState().status !== 'signed-out' || !accepting) return;
    accepting = false;
    manager.stopSilentRenew();
  });
  manager.events.addUserLoaded((user) => {
    if (accepting) session.signIn(user.access_token, grantedOf(user));
  });
  manager.events.addSilentRenewError(() => {
    // The re-authentication dialog takes over; the page and its typed data stay mounted.
    const state = session.getState();
    if (state.status === 'active') session.expire(state.generation);
  });

  if (location.pathname === config.redirectPath) {
    if (onReturnTo) {
      // Reads the stored state only (no network, nothing removed); the callback below reads it again.
      new OidcClient(manager.settings)
        .readSigninResponseState(location.href, false)
        .then(({ state }) => onReturnTo(safeReturnPath(state.data)))
        .catch(() => undefined); // a forged or stale state: the callback says so
    }
    let returnTo: string = paths.signIn;
    try {
      const user = await manager.signinRedirectCallback(location.href);
      returnTo = safeReturnPath(user.state);
    } catch (error) {
      failure = classifySignInError(error);
    }
    // Off the address bar and out of the history entry: the code and state were in this URL.
    history.replaceState(null, '', returnTo);
  }
  clearRoundTripState();

  const auth: IdentityProviderAuth = {
    async signIn(returnTo) {
      failure = null;
      await manager.signinRedirect({
        state: { returnTo },
        ...(forceLogin ? { prompt: 'login' } : {}),
      });
    },
    async reauthenticate() {
      const before = session.getState();
      const previousSubject = before.status === 'signed-out' ? null : (before.claims?.subject ?? null);
      try {
        const user = await manager.signinPopup();
        // Someone else signed in in the pop-up: what the previous operator left must not carry over.
        if (previousSubject !== null && user.profile.sub !== previousSubject) {
          session.signOut();
          accepting = true;
          manager.startSilentRenew();
          session.signIn(user.access_token, grantedOf(user));
        }
      } finally {
        clearRoundTripState();
      }
    },
    async signOutAtProvider() {
      // Dropped first so that the library does not put the ID token in the end-session URL (client_id
      // and post_logout_redirect_uri identify the client instead).
      await manager.revokeTokens().catch(() => undefined);
      await manager.removeUser();
      await manager.signoutRedirect();
    },
    async endAfterTimeout() {
      forceLogin = true;
      await manager.revokeTokens().catch(() => undefined);
      await manager.removeUser();
    },
    lastSignInFailure: () => failure,
  };
  registerIdentityProvider(auth);
  return 'render';
}
