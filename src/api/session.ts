import { decodeJwtClaims, type TokenClaims } from '@/lib/jwt';

/**
 * The signed-in session, held in memory only (docs/decisions/001-token-in-memory.md): never in Web
 * Storage, cookies or URLs, so a reload asks for the token again.
 *
 * `generation` grows with every sign-in, so that a 401 answered to a request sent with an older token
 * cannot end the session the operator has just re-opened.
 */
/**
 * Why a session ended by itself, for the sign-in screen to say so: a session limit (docs/requirements.md
 * A5), another tab of this app that signed out, or a sign-in in another tab by an operator that is not
 * this one, or not verified (src/app/session-broadcast.ts).
 */
export type SessionEnd = 'idle' | 'absolute' | 'elsewhere' | 'other-operator';

/**
 * While signed in:
 * - `verifiedSubject` is who the operator is, as far as something checked it: the subject of an ID token
 *   that passed every check (OpenID Connect, src/api/oidc/id-token.ts). Null in token mode: a pasted
 *   token's own claims are not verified by anyone here, so they never decide who the operator is
 *   (docs/decisions/017-operator-identity-verified-only.md);
 * - `verifiedSession` is the identity provider's session (the `sid` of that same checked ID token), when
 *   it carried one long enough to be a secret: what tabs of the same session share and no other page of
 *   the origin holds (src/app/session-broadcast.ts, docs/decisions/034-tabs-share-the-idp-session.md).
 *   Null in token mode and with an identity provider that sends no `sid`;
 * - `operator` changes whenever a sign-in cannot be shown to be the same operator (after a sign-out; a
 *   verified subject that differs; any sign-in without a verified subject on both sides): what the tab
 *   holds belongs to one operator;
 * - `startedAt` is when the operator authenticated (the identity provider's `auth_time` when known, else
 *   the sign-in), in ms since the epoch and never later than the sign-in: the absolute limit counts from
 *   it, and renewals or a re-authentication of the same operator keep it.
 */
export type SessionState =
  | { status: 'signed-out'; generation: number; ended?: SessionEnd }
  | {
      status: 'active';
      generation: number;
      operator: number;
      verifiedSubject: string | null;
      verifiedSession: string | null;
      startedAt: number;
      token: string;
      claims: TokenClaims | null;
    }
  | {
      status: 'expired';
      generation: number;
      operator: number;
      verifiedSubject: string | null;
      verifiedSession: string | null;
      startedAt: number;
      claims: TokenClaims | null;
    };

/** What the token response (OpenID Connect) said beside the access token itself. */
export interface Granted extends Partial<Omit<TokenClaims, 'subject'>> {
  /** When the operator authenticated at the identity provider (the ID token's `auth_time`), in ms. */
  authenticatedAt?: number;
  /**
   * The subject of an ID token that passed every check: the only identity the store compares. Never a
   * claim read from an access token.
   */
  verifiedSubject?: string;
  /** The `sid` of that ID token (the identity provider's session), when it has one fit to be a secret. */
  verifiedSession?: string;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Starts (or re-opens, or renews) a session with this token. `granted` carries what the token response
   * said (scopes, expiry, verified subject, authentication time); the JWT's own scopes and expiry win
   * when present. Without a verified subject on both sides, the new session belongs to another operator:
   * the tab is emptied (app/query-client.ts) while no token is available, before the new one is used.
   */
  signIn: (token: string, granted?: Granted) => void;
  /** The provider refused the token (401): drop it and ask for a new one, keeping the page. */
  expire: (generation: number) => void;
  /** The operator signed out (or a session limit was reached, or another tab signed out): drop the token. */
  signOut: (ended?: SessionEnd) => void;
  /** The token for the Authorization header, or null. */
  getToken: () => string | null;
}

/**
 * Whether two sessions belong to the same operator: only when both subjects were verified and are equal.
 * An unverified side (token mode, or no ID token) is someone else: fail closed.
 */
export function sameOperator(before: string | null, after: string | null): boolean {
  return before !== null && after !== null && before === after;
}

export function createSessionStore(): SessionStore {
  let state: SessionState = { status: 'signed-out', generation: 0 };
  let operators = 0;
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(rawToken, granted) {
      const token = rawToken.trim();
      if (!token) throw new Error('empty token');
      const now = Date.now();
      const verifiedSubject = granted?.verifiedSubject ?? null;
      const verifiedSession = verifiedSubject === null ? null : (granted?.verifiedSession ?? null);
      const fromToken = decodeJwtClaims(token);
      const claims =
        fromToken && fromToken.scopes.length > 0
          ? { ...fromToken, subject: verifiedSubject ?? fromToken.subject }
          : granted
            ? {
                subject: verifiedSubject ?? fromToken?.subject ?? null,
                expiresAt: fromToken?.expiresAt ?? granted.expiresAt ?? null,
                scopes: granted.scopes ?? fromToken?.scopes ?? [],
              }
            : fromToken;
      const previous = state.status === 'signed-out' ? null : state;
      const same = previous !== null && sameOperator(previous.verifiedSubject, verifiedSubject);
      const operator = same ? previous.operator : ++operators;
      const startedAt = Math.min(granted?.authenticatedAt ?? (same ? previous.startedAt : now), now);
      if (previous !== null && !same) {
        // Someone else, or no way to tell: the previous operator's data goes while no token is available
        // (the bindings empty the tab on this change of operator), before the new token can be used.
        set({
          status: 'expired',
          generation: state.generation,
          operator,
          verifiedSubject,
          verifiedSession,
          startedAt,
          claims,
        });
      }
      set({
        status: 'active',
        generation: state.generation + 1,
        operator,
        verifiedSubject,
        verifiedSession,
        startedAt,
        token,
        claims,
      });
    },
    expire(generation) {
      if (state.status !== 'active' || state.generation !== generation) return;
      const { operator, verifiedSubject, verifiedSession, startedAt, claims } = state;
      const kept = { operator, verifiedSubject, verifiedSession, startedAt, claims };
      set({ status: 'expired', generation: state.generation, ...kept });
    },
    signOut(ended) {
      set({ status: 'signed-out', generation: state.generation, ...(ended ? { ended } : {}) });
    },
    getToken: () => (state.status === 'active' ? state.token : null),
  };
}

/** The app's one session. Tests reset it with `session.signOut()`. */
export const session = createSessionStore();
