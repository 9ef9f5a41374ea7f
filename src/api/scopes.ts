import type { SessionState } from './session';

/** The scope the accounts endpoint requires (interface section 4.6). */
export const ACCOUNTS_READ_SCOPE = 'accounts:read';

/**
 * What the token says about a scope: `granted` or `missing` when it is a JWT with scopes, `unknown`
 * for an opaque token (then only the provider's answer tells, e.g. a 403).
 */
export type ScopeStatus = 'granted' | 'missing' | 'unknown';

export function scopeStatus(state: SessionState, scope: string): ScopeStatus {
  if (state.status === 'signed-out' || !state.claims) return 'unknown';
  return state.claims.scopes.includes(scope) ? 'granted' : 'missing';
}
