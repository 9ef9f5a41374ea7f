import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { session } from '@/api/session';

/**
 * Asks before unsent data is lost: closing or reloading the tab (the browser's own prompt), and leaving
 * the wizard for another screen (`blocker`, for the leave dialog); moving between its steps does not ask.
 * `hasUnsent` is read when the question arises, never copied into state.
 */
export function useLeaveGuard(basePath: string, hasUnsent: () => boolean) {
  // The latest check, for listeners registered once.
  const check = useRef(hasUnsent);
  useEffect(() => {
    check.current = hasUnsent;
  });
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (check.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return useBlocker(
    ({ nextLocation }) =>
      !nextLocation.pathname.startsWith(basePath) &&
      session.getState().status === 'active' &&
      check.current(),
  );
}
