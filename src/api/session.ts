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
 * A5), or another tab of this app that signed out (src/app/session-broadcast.ts).
 */
export type SessionEnd = 'idle' | 'absolute' | 'elsewhere';

/**
 * While signed in:
 * - `operator` changes only when a sign-in starts a session for someone else (after a sign-out, or a
 *   token whose subject differs from the current one): what the tab holds belongs to one operator;
 * - `startedAt` is when the operator authenticated (the identity provider's `auth_time` when known, else
 *   the sign-in), in ms since the epoch: the absolute limit counts from it, and renewals or a
 *   re-authentication of the same operator keep it.
 */
export type SessionState =
  | { status: 'signed-out'; generation: number; ended?: SessionEnd }
  | {
      status: 'active';
      generation: number;
      operator: number;
      startedAt: number;
      token: string;
      claims: TokenClaims | null;
    }
  | {
      status: 'expired';
      generation: number;
      operator: number;
      startedAt: number;
      claims: TokenClaims | null;
    };

/** What the token response (OpenID Connect) said beside the access token itself. */
export interface Granted extends Partial<TokenClaims> {
  /** When the operator authenticated at the identity provider (the ID token's `auth_time`), in ms. */
  authenticatedAt?: number;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Starts (or re-opens, or renews) a session with this token. `granted` carries what the token response
   * said (scopes, expiry, subject, authentication time) for an access token that is not a JWT; the JWT's
   * own scopes and expiry win when present, the validated ID token's subject wins over the access token's.
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
 * Whether two sessions belong to the same operator, as far as the tokens tell: the same subject, or no
 * subject on either side (opaque tokens say nothing, so nothing distinguishes their holders). A subject on
 * one side only is treated as someone else.
 */
export function sameOperator(before: TokenClaims | null, after: TokenClaims | null): boolean {
  return (before?.subject ?? null) === (after?.subject ?? null);
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
      const fromToken = decodeJwtClaims(token);
      const claims =
        fromToken && fromToken.scopes.length > 0
          ? { ...fromToken, subject: granted?.subject ?? fromToken.subject }
          : granted
            ? {
                subject: granted.subject ?? fromToken?.subject ?? null,
                expiresAt: fromToken?.expiresAt ?? granted.expiresAt ?? null,
                scopes: granted.scopes ?? fromToken?.scopes ?? [],
              }
            : fromToken;
      const previous = state.status === 'signed-out' ? null : state;
      const same = previous !== null && sameOperator(previous.claims, claims);
      set({
        status: 'active',
        generation: state.generation + 1,
        operator: same ? previous.operator : ++operators,
        startedAt: granted?.authenticatedAt ?? (same ? previous.startedAt : Date.now()),
        token,
        claims,
      });
    },
    expire(generation) {
      if (state.status !== 'active' || state.generation !== generation) return;
      const { operator, startedAt, claims } = state;
      set({ status: 'expired', generation: state.generation, operator, startedAt, claims });
    },
    signOut(ended) {
      set({ status: 'signed-out', generation: state.generation, ...(ended ? { ended } : {}) });
    },
    getToken: () => (state.status === 'active' ? state.token : null),
  };
}

/** The app's one session. Tests reset it with `session.signOut()`. */
export const session = createSessionStore();
