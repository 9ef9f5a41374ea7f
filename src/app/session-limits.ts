import { session } from '@/api/session';
import type { SessionLimits } from '@/config/config-schema';

/** The idle warning opens this long before the idle limit (docs/requirements.md A5: "a minute before"). */
export const IDLE_WARNING_MS = 60_000;

export type LimitPhase =
  | { phase: 'active' }
  | { phase: 'warning'; secondsLeft: number }
  | { phase: 'ended'; reason: 'idle' | 'absolute' };

/** Where a session stands, from the last activity and the sign-in time (all in ms since the epoch). */
export function limitPhase(
  now: number,
  lastActivityAt: number,
  startedAt: number,
  limits: SessionLimits,
): LimitPhase {
  if (now - startedAt >= limits.absoluteLifetimeSeconds * 1000) return { phase: 'ended', reason: 'absolute' };
  const idleLeft = limits.idleTimeoutSeconds * 1000 - (now - lastActivityAt);
  if (idleLeft <= 0) return { phase: 'ended', reason: 'idle' };
  if (idleLeft <= IDLE_WARNING_MS) return { phase: 'warning', secondsLeft: Math.ceil(idleLeft / 1000) };
  return { phase: 'active' };
}

/**
 * When the current session began (src/api/session.ts `startedAt`): the authentication, not a renewal or a
 * re-authentication of the same operator (which keep the session and its absolute limit). Null while
 * signed out.
 */
export function sessionStartedAt(): number | null {
  const state = session.getState();
  return state.status === 'signed-out' ? null : state.startedAt;
}
