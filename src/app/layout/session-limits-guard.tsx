import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SessionLimits } from '@/config/config-schema';
import { sessionBroadcast } from '../session-broadcast';
import { limitPhase, sessionStartedAt } from '../session-limits';

// The warning's Modal machinery loads only when a warning is due.
const SessionTimeoutDialog = lazy(async () => ({
  default: (await import('@/features/auth/reauth-dialog')).SessionTimeoutDialog,
}));

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
const TICK_MS = 1000;

interface SessionLimitsGuardProps {
  limits: SessionLimits;
  onEnd: (reason: 'idle' | 'absolute') => void;
  onSignOut: () => void;
}

/**
 * Enforces the idle timeout and the absolute lifetime of a signed-in session (docs/requirements.md A5): a
 * warning a minute before the idle end, then `onEnd`. Its own component, so that the once-a-second
 * check re-renders only itself. While the warning is open, only "Continuar conectado" counts as activity
 * in this tab. Activity in another tab of the app counts too (app/session-broadcast.ts): the operator is
 * at the workstation, and an idle end here signs out every tab.
 */
export function SessionLimitsGuard({ limits, onEnd, onSignOut }: SessionLimitsGuardProps) {
  // Set when the checks start (an effect): the guard mounts with the signed-in shell.
  const lastActivity = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warningOpen = useRef(false);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  useEffect(() => {
    lastActivity.current = Date.now();
    const broadcast = sessionBroadcast();
    const markActive = () => {
      if (warningOpen.current) return;
      lastActivity.current = Date.now();
      broadcast?.announceActivity();
    };
    const stopListening = broadcast?.onRemoteActivity(() => {
      lastActivity.current = Date.now();
      warningOpen.current = false;
      setSecondsLeft(null);
    });
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, markActive, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const startedAt = sessionStartedAt();
      if (startedAt === null) return;
      const state = limitPhase(Date.now(), lastActivity.current, startedAt, limits);
      warningOpen.current = state.phase === 'warning';
      setSecondsLeft(state.phase === 'warning' ? state.secondsLeft : null);
      if (state.phase === 'ended') onEndRef.current(state.reason);
    }, TICK_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
      window.clearInterval(timer);
      stopListening?.();
    };
  }, [limits]);

  if (secondsLeft === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutDialog
        secondsLeft={secondsLeft}
        onStay={() => {
          lastActivity.current = Date.now();
          warningOpen.current = false;
          setSecondsLeft(null);
          sessionBroadcast()?.announceActivity();
        }}
        onSignOut={onSignOut}
      />
    </Suspense>
  );
}
