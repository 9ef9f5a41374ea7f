import { screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import { renderRoute, setupTestSandbox } from '@/test/render-route';

/**
 * The cancel confirmation pressed twice as people really do it: two separate presses some 80 ms apart,
 * the second landing after the answer while the dialog fades out (not a double click, which the pending
 * state already covers). One POST per confirmation.
 */

const sandbox = setupTestSandbox();
const cancelSection = () => screen.getByRole('region', { name: 'Cancelar cartão', hidden: true });

async function openConfirmation(code: string) {
  const view = renderRoute('/cartoes', { sandbox });
  await view.user.type(await screen.findByRole('textbox', { name: 'Código do cartão' }), code);
  await view.user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
  const dialog = await screen.findByRole('dialog', { name: `Cancelar o cartão ${code}?` });
  const retype = within(dialog).getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
  await view.user.type(retype, code);
  const confirm = within(dialog).getByRole('button', { name: 'Cancelar o cartão' });
  return { ...view, dialog, retype, confirm };
}

describe('CardsPage: the cancel confirmation pressed twice', () => {
  it('two separate clicks, the second while the dialog fades out: one POST, one success', async () => {
    const { user, confirm } = await openConfirmation('5004');
    await user.click(confirm);
    await within(cancelSection()).findByText('Cartão 5004 cancelado');
    // The answer is in and the dialog is leaving: its button is still on screen for the second press.
    expect(confirm).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    // Pressed anyway (a disabled MUI button has pointer-events: none, which user-event would refuse).
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(confirm);
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5004': 1 });
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Enter twice in the code field: one POST', async () => {
    const { user, retype } = await openConfirmation('5005');
    await user.keyboard('{Enter}');
    await within(cancelSection()).findByText('Cartão 5005 cancelado');
    expect(retype).toBeInTheDocument();
    // The second Enter, from the same field, as a fast typist sends it.
    retype.focus();
    await user.keyboard('{Enter}');
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5005': 1 });
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a new confirmation after the first is answered sends again (the guard is per opening)', async () => {
    const { user, confirm } = await openConfirmation('5006');
    await user.click(confirm);
    await within(cancelSection()).findByText('Cartão 5006 cancelado');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o cartão 5006?' });
    await user.type(within(dialog).getByRole('textbox'), '5006{Enter}');
    expect(await within(cancelSection()).findByRole('alert')).toHaveTextContent('Cartão 5006 já está cancelado');
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5006': 2 });
  });
});
