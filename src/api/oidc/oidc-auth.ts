import {
  ErrorResponse,
  InMemoryWebStorage,
  OidcClient,
  UserManager,
  WebStorageStateStore,
  type User,
} from 'oidc-client-ts';
import type { OidcAuthConfig, SessionLimits } from '@/config/config-schema';
import type { IdentityProviderAuth, SignInFailure } from '../identity-provider';
import type { SessionStore } from '../session';
import { paths } from '@/config/paths';
import { checkIdToken, type IdTokenRefusal } from './id-token';

/**
 * OpenID Connect sign-in (Authorization Code + PKCE) with oidc-client-ts, loaded by main.tsx only when
 * `auth.type` is "oidc" (docs/decisions/008-oidc-sign-in.md).
 *
 * - Tokens live in the library's user store, which here is an InMemoryWebStorage, and in the session
 *   store: memory only (decision 001). A reload signs in again.
 * - The PKCE verifier, `state` and nonce of a round trip sit in sessionStorage under `oidc.` (the redirect
 *   unloads the page, so memory cannot carry them); every start of the app removes them, so they do
 *   not outlive the callback, which itself leaves the address bar and history on a clean path.
 * - Every ID token is checked here beyond what the library checks (id-token.ts): issuer, audience,
 *   authorized party, nonce, expiry, issue time and `auth_time` (never in the future; after the round
 *   trip's start when it asked for the password), and the discovery document's issuer is the authority.
 * - Session limits that survive a reload, with nothing kept in storage: a sign-in by redirect (a new page,
 *   whose memory knows nothing of an earlier time-out) sends `max_age` = the idle limit. A time-out comes
 *   at least that long after the password was typed, so the provider asks for it again; the answer's
 *   `auth_time` is checked against it here as well, in case the provider ignores `max_age` or its clock
 *   disagrees. The absolute limit counts from `auth_time`, so a reload does not restart it. After a
 *   time-out in this page (no reload) the next sign-in also sends `prompt=login`.
 * - Renewal: the library renews `renewBeforeSeconds` before expiry with the refresh token (no iframe,
 *   so no third-party cookies and no frame-src). A failed renewal expires the session, which opens the
 *   re-authentication dialog over the page; that dialog signs in again in a pop-up.
 */

const STATE_PREFIX = 'oidc.';

/**
 * How much older than `max_age` an `auth_time` may look here before the sign-in is asked again with
 * `prompt=login`: the provider's clock and this computer's differ a little.
 */
export const FRESHNESS_TOLERANCE_SECONDS = 30;

/**
 * The one Web Storage use in the app, and a deliberate one (decision 008): the redirect unloads the
 * page, so the PKCE verifier, `state` and nonce of a sign-in in progress cannot stay in memory. Removed
 * on return (and on every start), never holding a token or personal data.
 */
// eslint-disable-next-line no-restricted-globals
const roundTripStorage: Storage = sessionStorage;

/**
 * What main.tsx does next: render, with the identity provider for the services (src/api/services.ts), or
 * nothing (a pop-up's callback, or the page is leaving for the IdP).
 */
export type OidcStart =
  /** Render the app, signing in through this identity provider. */
  | { next: 'render'; identityProvider: IdentityProviderAuth }
  /** This page was the pop-up of a re-authentication: it has answered its opener and closes. */
  | { next: 'popup-callback' }
  /** The page is leaving for the identity provider. */
  | { next: 'leaving' };

/** What a sign-in by redirect carries through the round trip (paths and flags only, never personal data). */
interface RoundTripData {
  returnTo: string;
  /** The request asked for the password (`prompt=login`). */
  login?: true;
  /** When a round trip that asked for the password left, in seconds since the epoch (not personal data). */
  askedAt?: number;
}

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

/**
 * When the round trip asked for the password, when it left (seconds); null when it did not ask. Asked
 * but without a readable time, the callback's own time is the bound: an authentication must then be
 * fresh, never older.
 */
function passwordAskedAt(state: unknown, nowSeconds: number): number | null {
  if (typeof state !== 'object' || state === null || !('login' in state) || state.login !== true) return null;
  const askedAt = 'askedAt' in state ? state.askedAt : undefined;
  return typeof askedAt === 'number' && Number.isFinite(askedAt) && askedAt <= nowSeconds
    ? askedAt
    : nowSeconds;
}

export function classifySignInError(error: unknown): SignInFailure {
  if (error instanceof ErrorResponse) return { kind: 'provider', error: error.error ?? 'unknown' };
  const message = error instanceof Error ? error.message : '';
  if (/state/i.test(message)) return { kind: 'state' };
  // The library's own ID token checks (nonce, subject; on a refresh, subject and auth_time unchanged).
  if (/nonce|id_?token|sub(ject)?\b|auth_time|azp/i.test(message)) return { kind: 'id-token' };
  if (error instanceof TypeError || /network|fetch|timed? ?out/i.test(message)) return { kind: 'network' };
  return { kind: 'provider', error: 'unknown' };
}

/**
 * What a checked ID token tells: who (its subject), when the password was typed (seconds, or null), and
 * the provider's session it belongs to (`sid`, or null).
 */
interface Verified {
  subject: string;
  authTime: number | null;
  session: string | null;
}

function failureOf(refusal: IdTokenRefusal): SignInFailure {
  return refusal === 'expired' || refusal === 'issued-in-future' || refusal === 'authenticated-in-future'
    ? { kind: 'clock' }
    : { kind: 'id-token' };
}

/** Leaves for the identity provider, or says why that failed (its round trip's stored state removed). */
async function leaveOrFailure(redirect: () => Promise<void>): Promise<'leaving' | SignInFailure> {
  try {
    await redirect();
    return 'leaving';
  } catch (error) {
    clearRoundTripState();
    return classifySignInError(error);
  }
}

/** A nonce for one authorization request: 122 random bits. */
function newNonce(): string {
  return crypto.randomUUID();
}

export async function startOidc(
  config: OidcAuthConfig,
  limits: SessionLimits,
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
    return { next: 'popup-callback' };
  }

  let failure: SignInFailure | null = null;
  // After a time-out or a sign-out elsewhere, this page's next sign-in asks for the password. After a
  // reload this is forgotten on purpose (no flag in storage): `max_age` and the `auth_time` check below
  // ask for it then.
  let forceLogin = false;
  /** The last ID token checked and taken: a refresh that brings none keeps it, already checked. */
  let accepted: ({ idToken: string } & Verified) | null = null;
  /** While a sign-in of this page (redirect callback, pop-up) runs, it takes its user itself. */
  let interactive = false;

  // Once signed out (by the operator, a session limit, another tab), a renewal still in flight must not
  // bring the session back: tokens are taken only until then (a new sign-in is a new page load), and the
  // refresh token is revoked and dropped.
  let accepting = true;
  let forgetting: Promise<void> | null = null;
  const forget = async () => {
    await manager.revokeTokens().catch(() => undefined);
    await manager.removeUser();
  };
  session.subscribe(() => {
    const state = session.getState();
    if (state.status !== 'signed-out' || !accepting) return;
    accepting = false;
    // After a time-out or a sign-out in another tab, this page asks for the password next time.
    if (state.ended) forceLogin = true;
    manager.stopSilentRenew();
    forgetting = forget();
  });

  /** Checks the user's ID token: why it is refused, or its subject and `auth_time`. */
  async function verify(
    user: User,
    nonce: string | null,
    askedAt: number | null = null,
  ): Promise<{ refused: SignInFailure } | Verified> {
    if (accepted !== null && user.id_token === accepted.idToken) {
      return { subject: accepted.subject, authTime: accepted.authTime, session: accepted.session };
    }
    const verdict = checkIdToken(user.id_token, {
      issuer: await manager.metadataService.getIssuer(),
      authority: config.authority,
      clientId: config.clientId,
      nonce,
      nowSeconds: Date.now() / 1000,
      passwordAskedAt: askedAt,
    });
    return verdict.ok ? verdict : { refused: failureOf(verdict.refusal) };
  }

  /**
   * Signs in with a user whose ID token passed `verify`. The operator is the subject of that checked ID
   * token, never a claim of the access token nor the library's profile.
   */
  function take(user: User, verified: Verified): void {
    if (!accepting || user.id_token === undefined) return;
    accepted = { idToken: user.id_token, ...verified };
    const { subject, authTime } = verified;
    session.signIn(user.access_token, {
      verifiedSubject: subject,
      ...(verified.session === null ? {} : { verifiedSession: verified.session }),
      expiresAt: user.expires_at === undefined ? null : new Date(user.expires_at * 1000),
      scopes: user.scopes,
      ...(authTime === null ? {} : { authenticatedAt: authTime * 1000 }),
    });
  }

  async function admit(user: User, nonce: string | null): Promise<SignInFailure | null> {
    const verdict = await verify(user, nonce);
    if ('refused' in verdict) return verdict.refused;
    take(user, verdict);
    return null;
  }

  // Renewals (the refresh token): the same checks; a refused ID token ends in the re-authentication.
  manager.events.addUserLoaded((user) => {
    if (interactive) return;
    void admit(user, null).then((refused) => {
      const state = session.getState();
      if (refused && state.status === 'active') session.expire(state.generation);
    });
  });
  manager.events.addSilentRenewError(() => {
    // The re-authentication dialog takes over; the page and its typed data stay mounted.
    const state = session.getState();
    if (state.status === 'active') session.expire(state.generation);
  });

  /** Whether an authentication is older than a sign-in by redirect accepts (`max_age`). */
  const isStale = (authTime: number | null) =>
    authTime === null ||
    Date.now() / 1000 - authTime > limits.idleTimeoutSeconds + FRESHNESS_TOLERANCE_SECONDS;

  /** Leaves for the provider's sign-in page. */
  const signInByRedirect = (returnTo: string, login: boolean) =>
    manager.signinRedirect({
      state: {
        returnTo,
        ...(login ? { login: true, askedAt: Math.floor(Date.now() / 1000) } : {}),
      } satisfies RoundTripData,
      nonce: newNonce(),
      max_age: limits.idleTimeoutSeconds,
      ...(login ? { prompt: 'login' } : {}),
    });

  // Where this page was opened: the callback below moves the address bar on (history.replaceState).
  const openedAt = location.pathname;
  if (openedAt === config.redirectPath) {
    let returnTo: string = paths.signIn;
    let nonce: string | null = null;
    let login = false;
    let askedAt: number | null = null;
    try {
      // Reads the stored state only (no network, nothing removed); the callback below reads it again.
      const { state } = await new OidcClient(manager.settings).readSigninResponseState(location.href, false);
      nonce = state.nonce ?? null;
      askedAt = passwordAskedAt(state.data, Math.floor(Date.now() / 1000));
      login = askedAt !== null;
      onReturnTo?.(safeReturnPath(state.data));
    } catch {
      // A forged or stale state: the callback says so.
    }
    interactive = true;
    try {
      const user = await manager.signinRedirectCallback(location.href);
      returnTo = safeReturnPath(user.state);
      const verdict = await verify(user, nonce, askedAt);
      if ('refused' in verdict) {
        failure = verdict.refused;
      } else if (!login && isStale(verdict.authTime)) {
        // The provider let an older authentication through (or its clock disagrees): this new page
        // cannot know whether a time-out came between, so it asks for the password before signing in.
        await forget();
        clearRoundTripState();
        history.replaceState(null, '', paths.signIn);
        const outcome = await leaveOrFailure(() => signInByRedirect(returnTo, true));
        if (outcome === 'leaving') return { next: 'leaving' };
        failure = outcome;
      } else {
        take(user, verdict);
      }
    } catch (error) {
      failure = classifySignInError(error);
    } finally {
      interactive = false;
    }
    if (failure !== null) await forget();
    // Off the address bar and out of the history entry: the code and state were in this URL.
    history.replaceState(null, '', failure === null ? returnTo : paths.signIn);
  }
  clearRoundTripState();

  // A cold start at a signed-in screen (a reload, a bookmark, a link): straight to the identity provider
  // and back to that screen, while the page keeps index.html's still shell. The sign-in page itself stays put, so that signing out does not sign straight in again; so does a
  // callback, which has either signed in or says why not.
  // If the identity provider cannot be reached, the sign-in page says so and offers to try again.
  if (openedAt !== config.redirectPath && openedAt !== paths.signIn) {
    const outcome = await leaveOrFailure(() =>
      signInByRedirect(safeReturnPath({ returnTo: openedAt }), false),
    );
    if (outcome === 'leaving') return { next: 'leaving' };
    failure = outcome;
  }

  const auth: IdentityProviderAuth = {
    async signIn(returnTo) {
      failure = null;
      await signInByRedirect(returnTo, forceLogin);
    },
    async reauthenticate() {
      const nonce = newNonce();
      interactive = true;
      try {
        // Same page, same session: the provider's session may answer without a password, but not past
        // the absolute limit; someone else signing in here is the session store's concern (it empties
        // the tab first).
        const user = await manager.signinPopup({ nonce, max_age: limits.absoluteLifetimeSeconds });
        const refused = await admit(user, nonce);
        if (refused) {
          await manager.removeUser();
          throw new Error(`sign-in refused: ${refused.kind}`);
        }
      } finally {
        interactive = false;
        clearRoundTripState();
      }
    },
    async signOutAtProvider() {
      // Dropped first so that the library does not put the ID token in the end-session URL (client_id
      // and post_logout_redirect_uri identify the client instead).
      await (forgetting ?? forget());
      await manager.signoutRedirect();
    },
    async endAfterTimeout() {
      forceLogin = true;
      await (forgetting ?? forget());
    },
    lastSignInFailure: () => failure,
  };
  return { next: 'render', identityProvider: auth };
}
