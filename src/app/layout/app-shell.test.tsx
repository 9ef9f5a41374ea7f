import { screen, waitFor, within } from '@testing-library/react';
import { session } from '@/api/session';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';

const sandbox = setupTestSandbox();

// The signed-in shell and its first screen once before the tests (see warmUpRoute).
beforeAll(() => warmUpRoute(sandbox, '/produtos', () => screen.getByText('Cartão Gold Internacional')));

describe('app shell and session', () => {
  it('sends a signed-out visitor to sign-in, then back to the page asked for', async () => {
    const { user, router } = renderRoute('/produtos', { sandbox, token: null });
    const field = await screen.findByLabelText(/Token de acesso/);
    await user.type(field, 'sandbox-operator{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'));
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
  });

  it('signs in with one click on a sandbox token', async () => {
    const { user } = renderRoute('/entrar', { sandbox, token: null });
    const operator = await screen.findByRole('button', { name: 'Operador (com acesso às contas)' });
    expect(document.title).toBe('Entrar · Cartões Back-office');
    await user.click(operator);
    expect(await screen.findByRole('heading', { name: 'Produtos de crédito', level: 1 })).toBeInTheDocument();
  });

  it('marks the sign-in page SANDBOX, and starts an analyst on the status lookup', async () => {
    const { user, router } = renderRoute('/entrar', { sandbox, token: null });
    expect(await screen.findByText('SANDBOX: dados fictícios, nenhuma operação é real')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Analista (sem acesso às contas)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analises'));
  });

  it('shows the expiry and scopes of a JWT before signing in', async () => {
    const part = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const jwt = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: 'ana', scope: 'accounts:read', exp: 4_102_444_800 })}.x`;
    const { user } = renderRoute('/entrar', { sandbox, token: null });
    await user.click(await screen.findByLabelText(/Token de acesso/));
    await user.paste(jwt);
    expect(await screen.findByText('Escopos: accounts:read')).toBeInTheDocument();
    expect(screen.getByText(/^Expira em 01\/01\/2100/)).toBeInTheDocument();
  });

  it('opens one re-authentication dialog on a 401, keeps the page, and reloads its data after', async () => {
    const { user } = renderRoute('/produtos', { sandbox, token: 'sandbox-expired' });
    const dialog = await screen.findByRole('dialog', { name: 'Sessão expirada' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(
      screen.getByRole('heading', { name: 'Produtos de crédito', level: 1, hidden: true }),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Token de acesso/), 'sandbox-operator');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
    expect(sandbox.store.stats().requestsPerEndpoint.products).toBe(2);
  });

  it('clears the query cache on sign-out', async () => {
    const { user, queryClient, router } = renderRoute('/produtos', { sandbox });
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryHash),
    ).toEqual([]);
    expect(session.getState().status).toBe('signed-out');
  });

  it.each([
    [
      'pt-BR',
      'Sair',
      'Sair de todas as abas e apagar o trabalho não enviado?',
      'Trabalho em outras abas',
      [
        'uma consulta em lote em andamento em outra aba (3 de 10 CPFs consultados);',
        '2 operações de cartão no diário de outra aba, fora de qualquer arquivo exportado;',
      ],
      'Continuar aqui',
      'Sair e apagar',
    ],
    [
      'en',
      'Sign out',
      'Sign out of every tab and erase the unsent work?',
      'Work in other tabs',
      [
        'a batch lookup under way in another tab (3 of 10 CPFs looked up);',
        '2 card operations in another tab’s journal, in no exported file;',
      ],
      'Stay here',
      'Sign out and erase',
    ],
  ] as const)(
    '%s: "Sair" asks about what the other tabs would lose (it signs every tab out) before signing out',
    async (language, signOutName, title, listName, items, stayName, leaveName) => {
      // Another tab of this browser with a batch running and a journal not exported.
      const otherTab = new BroadcastChannel('cartoes-backoffice.unsent-work');
      const asked: unknown[] = [];
      otherTab.onmessage = (event: MessageEvent<{ type: string; id: string }>) => {
        asked.push(event.data);
        if (event.data.type === 'ask')
          otherTab.postMessage({
            type: 'tell',
            id: event.data.id,
            work: [
              { kind: 'batch', done: 3, total: 10 },
              { kind: 'journal', count: 2 },
            ],
          });
      };
      try {
        const { user, router } = renderRoute('/produtos', { sandbox, language });
        await screen.findByRole('heading', { level: 1 });
        await user.click(screen.getByRole('button', { name: signOutName }));
        const dialog = await screen.findByRole('dialog', { name: title });
        const list = within(dialog).getByRole('list', { name: listName });
        expect(
          within(list)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(items);
        // The question carried an id only: nothing of this tab's work or session.
        expect(asked).toHaveLength(1);
        expect(Object.keys(asked[0] as object).sort()).toEqual(['id', 'type']);
        await user.click(within(dialog).getByRole('button', { name: stayName }));
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(session.getState().status).not.toBe('signed-out');

        await user.click(screen.getByRole('button', { name: signOutName }));
        const again = await screen.findByRole('dialog', { name: title });
        await user.click(within(again).getByRole('button', { name: leaveName }));
        await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
        expect(session.getState().status).toBe('signed-out');
      } finally {
        otherTab.close();
      }
    },
  );

  it('shows the SANDBOX banner, the environment and a 404 for unknown paths', async () => {
    renderRoute('/nao-existe', { sandbox });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByText(/^SANDBOX/)).toBeInTheDocument();
    expect(screen.getByText('Ambiente: Teste')).toBeInTheDocument();
  });

  it('navigates with the drawer and marks the current page', async () => {
    const { user } = renderRoute('/produtos', { sandbox });
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    await user.click(within(nav).getByRole('link', { name: 'Contas' }));
    // The accounts screen is a lazy chunk: its first import can take seconds on a loaded machine
    // (the wait is src/test/setup.ts's).
    expect(await screen.findByRole('heading', { name: 'Contas', level: 1 })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Contas' })).toHaveAttribute('aria-current', 'page');
    // The route change moved focus from the link to the new page's heading.
    expect(screen.getByRole('heading', { name: 'Contas', level: 1 })).toHaveFocus();
  });

  it('names the language buttons with their visible text first', async () => {
    renderRoute('/produtos', { sandbox });
    expect(await screen.findByRole('button', { name: 'PT · Português (Brasil)' })).toHaveTextContent('PT');
    expect(screen.getByRole('button', { name: 'EN · English' })).toHaveTextContent('EN');
  });

  it('switches the language in place: the shell and the screen re-render in it', async () => {
    const { user } = renderRoute('/produtos', { sandbox });
    expect(await screen.findByRole('heading', { name: 'Produtos de crédito', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'EN · English' }));
    expect(await screen.findByRole('heading', { name: 'Credit products', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter products' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('button', { name: 'PT · Português (Brasil)' }));
    expect(await screen.findByRole('heading', { name: 'Produtos de crédito', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'pt-BR');
  });

  it('announces an empty token on sign-in through a live region already in place', async () => {
    const { user, container } = renderRoute('/entrar', { sandbox, token: null });
    await screen.findByLabelText(/Token de acesso/);
    const region = container.querySelector('[aria-live="assertive"]');
    expect(region).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(region).toHaveTextContent('Token de acesso: Informe o token de acesso.');
  });
});
