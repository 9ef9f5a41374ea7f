import { screen, waitFor, within } from '@testing-library/react';
import { session } from '@/api/session';
import { preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';
import { issueTestToken } from '@/test/sandbox-token';

const sandbox = setupTestSandbox();

beforeAll(() => preloadRoute('/analises'));

/** A sandbox JWT of this operator, with every scope. */
const tokenOf = (subject: string) =>
  issueTestToken(sandbox, ['accounts:read', 'cards:read', 'cards:write'], 3600, subject);

/** Looks a CPF up on the analyses screen: results on screen, the CPF among the recent lookups. */
async function lookUpAs(token: string) {
  const view = renderRoute('/analises', { sandbox, token });
  // Pasted, then Enter: the keys of a CPF are the analyses screen's tests' subject.
  await view.user.click(await screen.findByLabelText('CPF'));
  await view.user.paste('52998224725');
  await view.user.keyboard('{Enter}');
  await screen.findByRole('table', { name: 'Propostas do CPF consultado' });
  expect(screen.getByRole('complementary', { name: 'Consultas recentes desta aba' })).toBeInTheDocument();
  return view;
}

/** The provider refuses the current token (a 401): the re-authentication dialog opens over the page. */
async function expireSession() {
  const state = session.getState();
  if (state.status === 'active') session.expire(state.generation);
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveAccessibleName('Sessão expirada');
  return dialog;
}

async function reauthenticate(
  dialog: HTMLElement,
  token: string,
  user: ReturnType<typeof renderRoute>['user'],
) {
  // Pasted, as operators do with a token (typing into the field: app-shell.test.tsx).
  await user.click(within(dialog).getByLabelText(/Token de acesso/));
  await user.paste(token);
  await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('re-authentication with a token (token mode)', () => {
  it('another operator’s token: the previous operator’s lookups, results and cache are gone first, and it says so', async () => {
    const { user, queryClient } = await lookUpAs(await tokenOf('ana'));
    const dialog = await expireSession();
    await reauthenticate(dialog, await tokenOf('bruno'), user);

    expect(
      await screen.findByText(/Entrou outro operador: os dados do operador anterior/),
    ).toBeInTheDocument();
    // The screen started afresh: no result, no recent lookup, an empty field, nothing cached.
    expect(screen.queryByRole('table', { name: 'Propostas do CPF consultado' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('complementary', { name: 'Consultas recentes desta aba' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('');
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toMatch(/52998224725|PRP-2026/);
    expect(session.getState()).toMatchObject({ status: 'active', claims: { subject: 'bruno' } });
  });

  it('the same operator’s new token keeps the screen and what it holds', async () => {
    const { user } = await lookUpAs(await tokenOf('ana'));
    const dialog = await expireSession();
    await reauthenticate(dialog, await tokenOf('ana'), user);

    expect(await screen.findByText('Sessão renovada.')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Consultas recentes desta aba' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    expect(await screen.findByRole('table', { name: 'Propostas do CPF consultado' })).toBeInTheDocument();
  });
});
