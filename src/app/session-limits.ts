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
 * When the current session began: the sign-in, not a renewal or a re-authentication (which keep the
 * same session and its absolute limit). Null while signed out.
 */
let startedAt: number | null = session.getState().status === 'signed-out' ? null : Date.now();
session.subscribe(() => {
  if (session.getState().status === 'signed-out') startedAt = null;
  else startedAt ??= Date.now();
});

export function sessionStartedAt(): number | null {
  return startedAt;
}
