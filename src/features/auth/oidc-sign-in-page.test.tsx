import { screen, waitFor, within } from '@testing-library/react';
import {
  registerIdentityProvider,
  type IdentityProviderAuth,
  type SignInFailure,
} from '@/api/identity-provider';
import { session } from '@/api/session';
import { preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';

const sandbox = setupTestSandbox();

beforeAll(() => preloadRoute('/produtos'));
const oidcConfig = {
  auth: {
    type: 'oidc',
    authority: 'https://sso.example.com',
    clientId: 'backoffice',
    scope: 'openid accounts:read',
    redirectPath: '/entrar/retorno',
    renewBeforeSeconds: 60,
  },
} as const;

/**
 * The screens' side of OpenID Connect. The protocol itself (oidc-client-ts against oidc-provider) is
 * exercised end to end in e2e/oidc.spec.ts; here a recording stand-in of the lazily loaded IdP module
 * lets the screens be checked against the sandbox.
 */
function recordingIdentityProvider(failure: SignInFailure | null = null) {
  const calls: string[] = [];
  const auth: IdentityProviderAuth = {
    signIn: (returnTo) => {
      calls.push(`signIn ${returnTo}`);
      return new Promise(() => undefined); // the page would be leaving for the IdP
    },
    reauthenticate: () => {
      calls.push('reauthenticate');
      session.signIn('sandbox-operator');
      return Promise.resolve();
    },
    signOutAtProvider: () => {
      calls.push('signOutAtProvider');
      return Promise.resolve();
    },
    endAfterTimeout: () => Promise.resolve(),
    lastSignInFailure: () => failure,
  };
  registerIdentityProvider(auth);
  return calls;
}

afterEach(() => registerIdentityProvider(null));

describe('sign-in with OpenID Connect', () => {
  it('offers "Entrar" (no token field) and leaves for the IdP with the page asked for', async () => {
    const calls = recordingIdentityProvider();
    const { user } = renderRoute('/contas', { sandbox, token: null, config: oidcConfig });
    // The first render loads the lazy routes: more than the default second on a busy machine.
    const button = await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByLabelText(/Token de acesso/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Operador/ })).not.toBeInTheDocument();
    await user.click(button);
    expect(calls).toEqual(['signIn /contas']);
    expect(await screen.findByRole('button', { name: 'Abrindo o provedor de identidade…' })).toBeDisabled();
  });

  it('says clearly why a forged callback was refused', async () => {
    recordingIdentityProvider({ kind: 'state' });
    renderRoute('/entrar', { sandbox, token: null, config: oidcConfig });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'não corresponde a uma entrada iniciada nesta aba e foi recusada por segurança',
    );
  });

  it('re-authenticates in place after a failed renewal, and signs out at the IdP too', async () => {
    const calls = recordingIdentityProvider();
    const { user, router } = renderRoute('/produtos', { sandbox, config: oidcConfig });
    await screen.findByRole('rowheader', { name: 'Cartão Gold Internacional' });
    const state = session.getState();
    if (state.status === 'active') session.expire(state.generation);
    const dialog = await screen.findByRole('dialog', { name: 'Sessão expirada' });
    expect(within(dialog).queryByLabelText(/Token de acesso/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entrar novamente' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(calls).toEqual(['reauthenticate', 'signOutAtProvider']);
  });
});
