import { decodeJwtClaims, type TokenClaims } from '@/lib/jwt';

/**
 * The signed-in session, held in memory only (docs/decisions/001-token-in-memory.md): never in Web
 * Storage, cookies or URLs, so a reload asks for the token again.
 *
 * `generation` grows with every sign-in, so that a 401 answered to a request sent with an older token
 * cannot end the session the operator has just re-opened.
 */
export type SessionState =
  | {
      status: 'signed-out';
      generation: number;
      /** Set when a session limit ended the session (docs/requirements.md A5), for the sign-in screen to say so. */
      ended?: 'idle' | 'absolute';
    }
  | { status: 'active'; generation: number; token: string; claims: TokenClaims | null }
  | { status: 'expired'; generation: number; claims: TokenClaims | null };

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Starts (or re-opens, or renews) a session with this token. `granted` carries what the token response
   * said (scopes, expiry) for an access token that is not a JWT; the JWT's own claims win when present.
   */
  signIn: (token: string, granted?: Partial<TokenClaims>) => void;
  /** The provider refused the token (401): drop it and ask for a new one, keeping the page. */
  expire: (generation: number) => void;
  /** The operator signed out (or a session limit was reached): drop the token. */
  signOut: (ended?: 'idle' | 'absolute') => void;
  /** The token for the Authorization header, or null. */
  getToken: () => string | null;
}

export function createSessionStore(): SessionStore {
  let state: SessionState = { status: 'signed-out', generation: 0 };
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
          ? fromToken
          : granted
            ? {
                subject: fromToken?.subject ?? granted.subject ?? null,
                expiresAt: fromToken?.expiresAt ?? granted.expiresAt ?? null,
                scopes: granted.scopes ?? fromToken?.scopes ?? [],
              }
            : fromToken;
      set({ status: 'active', generation: state.generation + 1, token, claims });
    },
    expire(generation) {
      if (state.status !== 'active' || state.generation !== generation) return;
      set({ status: 'expired', generation: state.generation, claims: state.claims });
    },
    signOut(ended) {
      set({ status: 'signed-out', generation: state.generation, ...(ended ? { ended } : {}) });
    },
    getToken: () => (state.status === 'active' ? state.token : null),
  };
}

/** The app's one session. Tests reset it with `session.signOut()`. */
export const session = createSessionStore();
