/**
 * The bridge between the screens and an OpenID Connect sign-in, which is loaded lazily (only when config
 * says `auth.type: "oidc"`, so the token deployment and the sign-in screen's first download never carry
 * the OIDC library). `startOidc` returns one; it reaches the screens as `identityProvider` of the
 * services (src/api/services.ts), null with `auth.type: "token"`.
 */

/** Why the last return from the identity provider was refused; shown once on the sign-in screen. */
export type SignInFailure =
  /** The `state` did not match a sign-in this tab started (forged, replayed or from another tab). */
  | { kind: 'state' }
  /** The provider answered with an OAuth error (`access_denied`, `invalid_grant`...). */
  | { kind: 'provider'; error: string }
  /** The provider could not be reached (discovery, token endpoint). */
  | { kind: 'network' }
  /** The ID token failed a check: another issuer or audience, a nonce this tab did not send. */
  | { kind: 'id-token' }
  /** The ID token is expired or issued in the future by more than the clock skew allowed. */
  | { kind: 'clock' };

export interface IdentityProviderAuth {
  /** Leaves for the provider's sign-in page; back on `returnTo` (a path, never personal data). */
  signIn: (returnTo: string) => Promise<void>;
  /** Signs in again in a pop-up window, so that the page (and what was typed) stays. */
  reauthenticate: () => Promise<void>;
  /** After the local sign-out: ends the session at the provider too (end_session_endpoint). */
  signOutAtProvider: () => Promise<void>;
  /**
   * After a time-out: revokes the refresh token and asks for credentials on the next sign-in of this page
   * (a new page asks for them anyway unless they were typed within the idle limit: `max_age`).
   */
  endAfterTimeout: () => Promise<void>;
  /** Why the last return from the provider was refused, until the next sign-in starts. */
  lastSignInFailure: () => SignInFailure | null;
}
