import { screen, waitFor, within } from '@testing-library/react';
import type { IdentityProviderAuth, SignInFailure } from '@/api/identity-provider';
import { session } from '@/api/session';
import { expireActiveSession } from '@/test/expire-session';
import { preloadRoute, renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';

const sandbox = setupTestSandbox();

beforeAll(async () => {
  await preloadRoute('/analises');
  // The signed-in shell and its first screen once before the tests (see warmUpRoute).
  await warmUpRoute(sandbox, '/produtos', () => screen.getByText('Cartão Gold Internacional'));
});
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
function recordingIdentityProvider(failure: SignInFailure | null = null, reauthenticatedAs = 'operator') {
  const calls: string[] = [];
  const auth: IdentityProviderAuth = {
    signIn: (returnTo) => {
      calls.push(`signIn ${returnTo}`);
      return new Promise(() => undefined); // the page would be leaving for the IdP
    },
    reauthenticate: () => {
      calls.push('reauthenticate');
      // What oidc-auth.ts hands over once the ID token passed its checks: the subject it names.
      session.signIn('sandbox-operator', { verifiedSubject: reauthenticatedAs });
      return Promise.resolve();
    },
    signOutAtProvider: () => {
      calls.push('signOutAtProvider');
      return Promise.resolve();
    },
    endAfterTimeout: () => Promise.resolve(),
    lastSignInFailure: () => failure,
  };
  return { calls, identityProvider: auth };
}

// Waited for by their text or label, then checked for their role: a role query with a name, tried on
// every change while a screen loads, reads the style of every candidate each time.
async function findProductRow() {
  const header = await screen.findByText('Cartão Gold Internacional');
  expect(header).toHaveRole('rowheader');
  return header;
}
async function findExpiredDialog() {
  const dialog = (await screen.findByText('Sessão expirada')).closest<HTMLElement>('[role="dialog"]');
  expect(dialog).toHaveAccessibleName('Sessão expirada');
  return dialog!;
}

describe('sign-in with OpenID Connect', () => {
  it('offers "Entrar" (no token field) and leaves for the IdP with the page asked for', async () => {
    const { calls, identityProvider } = recordingIdentityProvider();
    const { user } = renderRoute('/contas', { sandbox, token: null, config: oidcConfig, identityProvider });
    // The first render loads the lazy routes: more than the default second on a busy machine.
    const button = await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByLabelText(/Token de acesso/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Operador/ })).not.toBeInTheDocument();
    await user.click(button);
    expect(calls).toEqual(['signIn /contas']);
    expect(await screen.findByRole('button', { name: 'Abrindo o provedor de identidade…' })).toBeDisabled();
  });

  it('says clearly why a forged callback was refused', async () => {
    const { identityProvider } = recordingIdentityProvider({ kind: 'state' });
    renderRoute('/entrar', { sandbox, token: null, config: oidcConfig, identityProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'não corresponde a uma entrada iniciada nesta aba e foi recusada por segurança',
    );
  });

  it('re-authenticates in place after a failed renewal, and signs out at the IdP too', async () => {
    const { calls, identityProvider } = recordingIdentityProvider();
    const { user, router } = renderRoute('/produtos', {
      sandbox,
      config: oidcConfig,
      verifiedSubject: 'operator',
      identityProvider,
    });
    await findProductRow();
    await expireActiveSession(() => screen.getByText('Sessão expirada'));
    const dialog = await findExpiredDialog();
    expect(within(dialog).queryByLabelText(/Token de acesso/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entrar novamente' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await findProductRow()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(calls).toEqual(['reauthenticate', 'signOutAtProvider']);
  });

  /** Looks a CPF up: its result on screen and among the recent lookups; then the renewal fails. */
  async function lookUpThenExpire(reauthenticatedAs: string) {
    const { identityProvider } = recordingIdentityProvider(null, reauthenticatedAs);
    const view = renderRoute('/analises', {
      sandbox,
      config: oidcConfig,
      verifiedSubject: 'operator',
      identityProvider,
    });
    const cpf = await screen.findByLabelText('CPF');
    expect(cpf).toHaveRole('textbox');
    await view.user.click(cpf);
    await view.user.paste('52998224725');
    await view.user.keyboard('{Enter}');
    expect(await screen.findByLabelText('Propostas do CPF consultado')).toHaveRole('table');
    await expireActiveSession(() => screen.getByText('Sessão expirada'));
    const dialog = await findExpiredDialog();
    await view.user.click(within(dialog).getByRole('button', { name: 'Entrar novamente' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return view;
  }

  it('the same verified operator keeps the screen and what it holds', async () => {
    await lookUpThenExpire('operator');
    expect(await screen.findByText('Sessão renovada.')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Consultas recentes desta aba' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
  });

  it('another verified operator finds the tab emptied, and is told so', async () => {
    await lookUpThenExpire('analyst');
    expect(await screen.findByText(/^Entrou outro operador/)).toBeInTheDocument();
    expect(
      screen.queryByRole('complementary', { name: 'Consultas recentes desta aba' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Propostas do CPF consultado' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('');
  });
});
