import { screen, waitFor, within } from '@testing-library/react';
import { session } from '@/api/session';
import { draftStore } from '@/features/credit-application/wizard/draft-store';
import { startDraft } from '@/test/wizard-route';
import { cardJournal } from '@/features/cards/journal-store';
import { typedApplication } from '@/test/sample-application';
import { captureDownloads } from '@/test/downloads';
import { fieldNamed } from '@/test/form-fields';
import { renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';

const sandbox = setupTestSandbox();
/** The wizard at step 2 with an unsent application in memory, its name field shown. */
async function openUnsentApplication() {
  const typed = typedApplication();
  startDraft(typed);
  const view = renderRoute('/proposta/nova/dados-pessoais', { sandbox });
  // Waited for by its name in the form, then checked as the text box it is: a query by role or label,
  // tried on every change while the wizard loads, walks the whole step each time.
  const name = await waitFor(() => fieldNamed('portador.nome'));
  expect(name).toHaveRole('textbox');
  expect(name).toHaveAccessibleName(/^Nome completo/);
  return { ...view, typed };
}

// The wizard's screen (a lazy route) once before the tests (see warmUp).
beforeAll(() => warmUp(sandbox, openUnsentApplication));

const question = () => screen.findByRole('dialog', { name: 'Sair e apagar o trabalho desta aba?' });

describe('"Sair" with work only this tab holds', () => {
  it('asks first with an unsent application on screen; staying keeps it, "Sair e apagar" signs out', async () => {
    const { user, router, typed } = await openUnsentApplication();
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    const dialog = await question();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['uma proposta de crédito que ainda não foi enviada;']);
    expect(within(dialog).getByRole('button', { name: 'Continuar aqui' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Continuar aqui' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(session.getState().status).toBe('active');
    expect(fieldNamed('portador.nome')).toHaveValue(typed.portador.nome);

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await user.click(within(await question()).getByRole('button', { name: 'Sair e apagar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(session.getState().status).toBe('signed-out');
    expect(draftStore.form()).toBeNull();
    // The wizard on screen and two questions (each waits for the other tabs' answers): slow on a busy machine.
  }, 15_000);

  it('offers to export the journal first, then nothing is lost', async () => {
    const downloads = captureDownloads();
    try {
      cardJournal.add({
        operation: 'cancel',
        input: 5001,
        outcome: 'success',
        message: 'Cartão 5001 cancelado',
        providerTimestamp: null,
      });
      const { user, router } = renderRoute('/produtos', { sandbox });
      // Waited for by its text, then checked as a row header (a role query per change is costly).
      expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
      await user.click(screen.getByRole('button', { name: 'Sair' }));
      const dialog = await question();
      expect(dialog).toHaveTextContent(
        '1 operação de cartão no diário desta aba, fora de qualquer arquivo exportado;',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Exportar o diário' }));
      expect(await downloads.text()).toContain('Cartão 5001 cancelado');
      expect(dialog).toHaveTextContent('O diário foi exportado. Nada mais se perde ao sair.');
      expect(within(dialog).queryByRole('button', { name: 'Exportar o diário' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Sair e apagar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    } finally {
      downloads.restore();
    }
  });

  it('signs out at once when the tab holds nothing unsent', async () => {
    const { user, router } = renderRoute('/produtos', { sandbox });
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
