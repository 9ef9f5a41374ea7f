import { getConfig, waitFor } from '@testing-library/react';
import { session } from '@/api/session';

/**
 * Ends the active session as a refused token does (the provider's 401), then waits until `ready` passes,
 * the way `findBy*` waits: the page re-renders at once, and the re-authentication dialog it opens is lazy,
 * so its first render suspends until its chunk is in, which may be after any act around the expiry has
 * ended (React: "A component suspended inside an `act` scope…", then every update of the dialog outside
 * act). The expiry and the wait share Testing Library's async wrapper, as a person's wait for it would.
 */
export async function expireActiveSession(ready: () => unknown): Promise<void> {
  const state = session.getState();
  if (state.status !== 'active') throw new Error('no active session to expire');
  await getConfig().asyncWrapper(async () => {
    session.expire(state.generation);
    await waitFor(ready);
  });
}
