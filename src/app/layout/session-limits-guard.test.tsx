import { act, screen, waitFor } from '@testing-library/react';
import { session } from '@/api/session';
import { preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';

const sandbox = setupTestSandbox();

beforeAll(() => preloadRoute('/produtos'));

describe('SessionLimitsGuard', () => {
  it('counts the absolute limit from when the operator authenticated, not from this page’s sign-in', async () => {
    // The guard's once-a-second check and the clock it reads are fake: the test moves them on by its
    // first check instead of waiting for it. Requests, renders and timeouts keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const { router } = renderRoute('/produtos', {
        sandbox,
        token: null,
        config: { sessionLimits: { idleTimeoutSeconds: 300, absoluteLifetimeSeconds: 600 } },
      });
      await screen.findByRole('heading', { name: 'Entrar' });
      // A reload signs in again on the identity provider's session: the password was typed 10 minutes
      // ago, less half a second (the ID token's auth_time).
      // The sign-in re-renders the sign-in page at once (it leaves for the products): in act.
      act(() => session.signIn('sandbox-operator', { authenticatedAt: Date.now() - 600_000 + 500 }));
      // The signed-in shell, with its guard, is up once the products are listed.
      expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
      expect(router.state.location.pathname).toBe('/produtos');
      // The guard's first check, a second later: the 10 minutes are up (counted from this sign-in,
      // they would be 10 minutes away).
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(
        await screen.findByText('Sua sessão atingiu a duração máxima e foi encerrada. Entre novamente.'),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/entrar');
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() =>
      expect(session.getState()).toMatchObject({ status: 'signed-out', ended: 'absolute' }),
    );
  });
});
