import { session } from '@/api/session';
import { awaitedAct } from './awaited-act';

/**
 * Ends the active session as a refused token does (the provider's 401), in an awaited act: the screen
 * re-renders at once, and the re-authentication dialog it opens is lazy (it suspends until its chunk is in).
 */
export async function expireActiveSession() {
  const state = session.getState();
  if (state.status !== 'active') throw new Error('no active session to expire');
  await awaitedAct(() => session.expire(state.generation));
}
