import { useSyncExternalStore } from 'react';
import { session, type SessionState } from '@/api/session';

/** The current session state (signed-out, active, expired), re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
