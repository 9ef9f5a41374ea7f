import { screen, waitFor } from '@testing-library/react';
import { session } from '@/api/session';
import { preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';

const sandbox = setupTestSandbox();

beforeAll(() => preloadRoute('/produtos'));

describe('SessionLimitsGuard', () => {
  it('counts the absolute limit from when the operator authenticated, not from this page’s sign-in', async () => {
    const { router } = renderRoute('/produtos', {
      sandbox,
      token: null,
      config: { sessionLimits: { idleTimeoutSeconds: 300, absoluteLifetimeSeconds: 600 } },
    });
    await screen.findByRole('heading', { name: 'Entrar' });
    // A reload signs in again on the identity provider's session: the password was typed 10 minutes ago,
    // less half a second (the ID token's auth_time).
    session.signIn('sandbox-operator', { authenticatedAt: Date.now() - 600_000 + 500 });
    // The signed-in shell's guard checks once a second: the 10 minutes are up by its first check (counted
    // from this sign-in, they would be 10 minutes away).
    expect(
      await screen.findByText('Sua sessão atingiu a duração máxima e foi encerrada. Entre novamente.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/entrar');
    await waitFor(() =>
      expect(session.getState()).toMatchObject({ status: 'signed-out', ended: 'absolute' }),
    );
  });
});
