import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { watchRequests } from '@/test/network-idle';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
import { issueTestToken } from '@/test/sandbox-token';

/**
 * The cancel confirmation pressed twice as people really do it: two separate presses some 80 ms apart,
 * the second landing after the answer while the dialog fades out (not a double click, which the pending
 * state already covers). One POST per confirmation.
 */

const sandbox = setupTestSandbox();

// The screen once before the tests (see warmUpRoute).
beforeAll(() => warmUpRoute(sandbox, '/cartoes', () => screen.getByLabelText('Código do cartão')));
const cancelSection = () => screen.getByRole('region', { name: 'Cancelar cartão', hidden: true });

async function openConfirmation(code: string) {
  const view = renderRoute('/cartoes', { sandbox });
  // Waited for by its label, then checked as a text box: a role query with a name, tried on every
  // change while the screen loads, reads the style of every candidate each time.
  const field = await screen.findByLabelText('Código do cartão');
  expect(field).toHaveRole('textbox');
  // The codes pasted into the focused fields: neither the keys nor the pointer are what these tests
  // are about (the presses on the buttons are).
  act(() => field.focus());
  await view.user.paste(code);
  const trigger = within(cancelSection()).getByRole('button', { name: 'Cancelar cartão…' });
  await view.user.click(trigger);
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveAccessibleName(`Cancelar o cartão ${code}?`);
  const retype = within(dialog).getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
  act(() => retype.focus());
  await view.user.paste(code);
  const confirm = within(dialog).getByRole('button', { name: 'Cancelar o cartão' });
  return { ...view, dialog, retype, confirm, trigger };
}

/**
 * Runs `press` at the moment the answer appears on screen: in the microtask after React commits it, so
 * always while the dialog is still fading out (its exit is a 195 ms timer), however loaded the CPU is. A
 * person's second press some 80 ms after the first lands in that same window.
 */
function pressWhenAnswered(text: string, press: () => void): Promise<void> {
  const section = cancelSection();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!section.textContent.includes(text)) return;
      observer.disconnect();
      press();
      resolve();
    });
    observer.observe(section, { childList: true, subtree: true, characterData: true });
  });
}

/** Once nothing is pending any more (the trigger is enabled again only then): the requests sent. */
async function settledRequests(trigger: HTMLElement) {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(trigger).toBeEnabled());
  return sandbox.store.stats().cancelRequestsPerCard;
}

describe('CardsPage: the cancel confirmation pressed twice', () => {
  it('two separate clicks, the second while the dialog fades out: one POST, one success', async () => {
    const { user, confirm, trigger } = await openConfirmation('5004');
    let stateAtSecondPress = { present: false, disabled: false };
    const second = pressWhenAnswered('Cartão 5004 cancelado', () => {
      stateAtSecondPress = { present: confirm.isConnected, disabled: confirm.hasAttribute('disabled') };
      fireEvent.click(confirm);
    });
    await user.click(confirm);
    await second;
    // The dialog was still on screen, its button shown disabled (not enabled again while it fades).
    expect(stateAtSecondPress).toEqual({ present: true, disabled: true });
    expect(await settledRequests(trigger)).toEqual({ '5004': 1 });
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(cancelSection()).getByRole('status')).toHaveTextContent('Cartão 5004 cancelado');
  });

  it('Enter twice in the code field: one POST', async () => {
    const { user, retype, trigger } = await openConfirmation('5005');
    // Enter in a field submits its form (implicit submission); requestSubmit is that, minus the browser's
    // own check of the default button, so the component's guard alone is what is tested here.
    const second = pressWhenAnswered('Cartão 5005 cancelado', () => retype.closest('form')?.requestSubmit());
    await user.keyboard('{Enter}');
    await second;
    expect(await settledRequests(trigger)).toEqual({ '5005': 1 });
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a new confirmation after the first is answered sends again (the guard is per opening)', async () => {
    const { user, confirm } = await openConfirmation('5006');
    await user.click(confirm);
    await within(cancelSection()).findByText('Cartão 5006 cancelado');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The cancelled card's code has left the field: pasted again for a second cancel.
    const field = within(cancelSection()).getByRole('textbox', { name: 'Código do cartão' });
    expect(field).toHaveValue('');
    act(() => field.focus());
    await user.paste('5006');
    await user.click(within(cancelSection()).getByRole('button', { name: 'Cancelar cartão…' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Cancelar o cartão 5006?');
    act(() => within(dialog).getByRole('textbox').focus());
    await user.paste('5006');
    await user.keyboard('{Enter}');
    expect(await within(cancelSection()).findByRole('alert')).toHaveTextContent(
      'Cartão 5006 já está cancelado',
    );
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5006': 2 });
  });
});

const virtualSection = () => screen.getByRole('region', { name: 'Solicitar cartão virtual', hidden: true });

describe('CardsPage: a virtual card when the key is off', () => {
  async function requestVirtualCard(sendIdempotencyKey: boolean) {
    const { user } = renderRoute('/cartoes', { sandbox, config: { sendIdempotencyKey } });
    const target = sandbox.store.listAccounts()[1]!;
    const picker = await screen.findByRole('combobox', { name: 'Conta' });
    await user.click(picker);
    await user.paste(target.tradeName);
    await user.click(await screen.findByRole('option', { name: new RegExp(target.tradeName) }));
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    return { status: await within(virtualSection()).findByRole('status'), code: target.account };
  }

  it('says that a resend by the network cannot be ruled out', async () => {
    const { status, code } = await requestVirtualCard(false);
    expect(status).toHaveTextContent(`Cartão virtual solicitado para a conta ${code}`);
    expect(status).toHaveTextContent(
      'Não é possível descartar um segundo cartão: sem chave de idempotência, a rede pode ter reenviado o pedido',
    );
    expect(status).toHaveTextContent(`Confira os cartões da conta ${code}`);
  });

  it('with the key on, the provider can tell a resend: a plain success', async () => {
    const { status, code } = await requestVirtualCard(true);
    expect(status).toHaveTextContent(`Cartão virtual solicitado para a conta ${code}`);
    expect(status).not.toHaveTextContent('Não é possível descartar');
  });
});

describe('CardsPage: one request per confirmation, whatever the gesture (provider answering at once)', () => {
  const requests = watchRequests(sandbox.server);
  const isPost = (path: string) => (request: Request) =>
    request.method === 'POST' && new URL(request.url).pathname.includes(path);

  /** As a browser does: a press on a button that the first press disabled does nothing. */
  const browserLikeUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

  /** The virtual card's confirmation for a typed account code (a token without accounts:read). */
  async function openVirtualCard() {
    const token = await issueTestToken(sandbox, ['cards:write']);
    renderRoute('/cartoes', { sandbox, token });
    const account = sandbox.store.listAccounts()[1]!;
    const user = browserLikeUser();
    await user.type(await screen.findByRole('textbox', { name: 'Código da conta' }), account.account);
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar cartão virtual?' });
    const confirm = within(dialog).getByRole('button', { name: 'Solicitar' });
    await waitFor(() => expect(confirm).toHaveFocus());
    return { user, confirm, field: confirm, account };
  }

  async function openCancel() {
    renderRoute('/cartoes', { sandbox });
    const user = browserLikeUser();
    await user.type(await screen.findByRole('textbox', { name: 'Código do cartão' }), '5005');
    await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o cartão 5005?' });
    const field = within(dialog).getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
    await user.type(field, '5005');
    return { user, confirm: within(dialog).getByRole('button', { name: 'Cancelar o cartão' }), field };
  }

  type Opened = { user: ReturnType<typeof browserLikeUser>; confirm: HTMLElement; field: HTMLElement };
  const gestures: Array<[string, (opened: Opened, answerPath: string) => Promise<void>]> = [
    ['a double click', ({ user, confirm }) => user.dblClick(confirm)],
    [
      'a click then Enter',
      async ({ user, confirm }) => {
        await user.click(confirm);
        await user.keyboard('{Enter}');
      },
    ],
    [
      'two Enters',
      async ({ user, field }) => {
        field.focus();
        await user.keyboard('{Enter}{Enter}');
      },
    ],
    [
      'an Enter queued behind the answer',
      async ({ user, confirm, field }, answerPath) => {
        requests.onAnswer(isPost(answerPath), () => {
          field.focus();
          void user.keyboard('{Enter}');
        });
        await user.click(confirm);
      },
    ],
  ];

  it.each(gestures)('the virtual card: %s', async (_name, press) => {
    const opened = await openVirtualCard();
    await press(opened, '/v1/cards/create/virtual/');
    const status = await within(virtualSection()).findByRole('status');
    expect(status).toHaveTextContent(`Cartão virtual solicitado para a conta ${opened.account.account}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await requests.idle();
    expect(sandbox.store.stats().requestsPerEndpoint.createVirtualCard).toBe(1);
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [opened.account.accountId]: 1 });
    expect(within(virtualSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(gestures)('the cancel: %s', async (_name, press) => {
    const opened = await openCancel();
    await press(opened, '/v1/cards/cancel/5005/');
    expect(await within(cancelSection()).findByRole('status')).toHaveTextContent('Cartão 5005 cancelado');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await requests.idle();
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5005': 1 });
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('CardsPage: a cancel whose answer was lost', () => {
  const journalRows = () =>
    within(screen.getByRole('table', { name: 'Diário de operações de cartão' }))
      .getAllByRole('row')
      .slice(1);

  it('is confirmed, not refused, when the resend is answered "already cancelled"', async () => {
    // The provider cancels the card, and the connection drops before the answer.
    sandbox.store.faults.add({ endpoint: 'cancelCard', kind: 'commitThenReset', times: 1 });
    const { user, confirm } = await openConfirmation('5006');
    await user.click(confirm);
    const unknown = await within(cancelSection()).findByRole('alert');
    expect(unknown).toHaveTextContent('Não foi possível confirmar o resultado');
    expect(unknown).toHaveTextContent('O provedor pode ter cancelado o cartão 5006');
    await user.click(within(unknown).getByRole('button', { name: 'Enviar novamente' }));
    const outcome = await within(cancelSection()).findByRole('status');
    expect(outcome).toHaveTextContent('Cartão 5006 cancelado');
    expect(outcome).toHaveTextContent('Confirmado pelo reenvio');
    expect(outcome).toHaveTextContent('(provedor: «Cartão 5006 já está cancelado»)');
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(outcome.closest('[tabindex="-1"]')).toHaveFocus());
    // One cancel took effect; two requests, the second with the first's key.
    expect(sandbox.store.stats().cancelsPerCard).toEqual({ '5006': 1 });
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5006': 2 });
    const [newest, oldest] = journalRows();
    expect(newest).toHaveTextContent('Sucesso');
    expect(newest).toHaveTextContent('confirmado pelo reenvio');
    expect(oldest).toHaveTextContent('Falha');
  });

  it('a new confirmation of an unrelated refusal still reads as refused', async () => {
    const { user, confirm } = await openConfirmation('9999');
    await user.click(confirm);
    expect(await within(cancelSection()).findByRole('alert')).toHaveTextContent('Cartão 9999 não encontrado');
  });
});
