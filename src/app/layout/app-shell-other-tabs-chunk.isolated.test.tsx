import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { session } from '@/api/session';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';

/**
 * "Sair" when the other tabs' chunk (src/app/unsent-work-broadcast.ts, its own download) cannot be
 * fetched: a rolling update between two replicas removed the old chunk, or the network dropped. The
 * module is the real one; only its fetch fails, for as long as `chunk.failing` says.
 */
const chunk = vi.hoisted(() => ({ failing: true, fetches: 0 }));
vi.mock('@/app/unsent-work-broadcast', async (importOriginal) => {
  chunk.fetches += 1;
  if (chunk.failing) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/unsent-work-broadcast-x.js');
  }
  return importOriginal();
});

const sandbox = setupTestSandbox();

// The signed-in shell once before the test (its load asks for the chunk, which fails).
beforeAll(() => warmUpRoute(sandbox, '/produtos', () => screen.getByText('Cartão Gold Internacional')));

it('"Sair" signs out when the other tabs’ chunk cannot be fetched, says they were not asked, and fetches it again at the next "Sair"', async () => {
  // Another tab of this browser, with card operations it would lose.
  const otherTab = new BroadcastChannel('cartoes-backoffice.unsent-work');
  otherTab.onmessage = (event: MessageEvent<{ type: string; id: string }>) => {
    if (event.data.type === 'ask')
      otherTab.postMessage({ type: 'tell', id: event.data.id, work: [{ kind: 'journal', count: 2 }] });
  };
  try {
    const { user, router } = renderRoute('/produtos', { sandbox });
    await screen.findByRole('heading', { name: 'Produtos de crédito', level: 1 });
    const fetchesBefore = chunk.fetches;
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(session.getState().status).toBe('signed-out');
    expect(
      await screen.findByText(
        'Você saiu, também das outras abas, sem poder perguntar o que tinham por enviar.',
      ),
    ).toBeInTheDocument();
    // Fetched again for this "Sair" (a failed fetch is not kept), and failed again.
    expect(chunk.fetches).toBe(fetchesBefore + 1);

    // The chunk is back (the rolling update is over): the next "Sair" fetches it and asks the other tab.
    chunk.failing = false;
    cleanup();
    const again = renderRoute('/produtos', { sandbox });
    await screen.findByRole('heading', { name: 'Produtos de crédito', level: 1 });
    await again.user.click(screen.getByRole('button', { name: 'Sair' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Sair de todas as abas e apagar o trabalho não enviado?',
    });
    expect(
      within(within(dialog).getByRole('list', { name: 'Trabalho em outras abas' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 operações de cartão no diário de outra aba, fora de qualquer arquivo exportado;']);
    expect(chunk.fetches).toBe(fetchesBefore + 2);
    expect(session.getState().status).not.toBe('signed-out');
  } finally {
    otherTab.close();
  }
});
