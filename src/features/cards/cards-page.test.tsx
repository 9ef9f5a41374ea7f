import { act, screen, waitFor, within } from '@testing-library/react';
import type { Account } from '@/api/accounts/accounts-schema';
import { session } from '@/api/session';
import { formatCnpj } from '@/lib/cnpj';
import { otherProfile, renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
import { captureDownloads } from '@/test/downloads';
import { issueTestToken } from '@/test/sandbox-token';
import { handOff, peekHandOff } from '@/lib/hand-off';
import { cardJournal } from './journal-store';

const sandbox = setupTestSandbox();

beforeAll(() => warmUpRoute(sandbox, '/cartoes', () => screen.getByLabelText('Conta')));

/**
 * The account picker, once the screen is there: waited for by its label, then checked as the combobox
 * it is (a role query with a name, tried on every change while the screen loads, reads the style of
 * every candidate each time).
 */
async function findAccountPicker(): Promise<HTMLElement> {
  const picker = await screen.findByLabelText('Conta');
  expect(picker).toHaveRole('combobox');
  return picker;
}

const virtualSection = () => screen.getByRole('region', { name: 'Solicitar cartão virtual', hidden: true });
const cancelSection = () => screen.getByRole('region', { name: 'Cancelar cartão', hidden: true });

function journalRows() {
  const table = screen.getByRole('table', { name: 'Diário de operações de cartão' });
  return within(table).getAllByRole('row').slice(1);
}

describe('CardsPage: virtual card', () => {
  /**
   * The cards screen with `target` picked by its trade name, pasted into the focused picker (a click
   * would first list all 30 accounts: the click opening the list is a test of its own below).
   */
  async function pickAccount(target: Account) {
    const view = renderRoute('/cartoes', { sandbox });
    const picker = await findAccountPicker();
    act(() => picker.focus());
    await view.user.paste(target.tradeName);
    const option = await screen.findByRole('option', { name: new RegExp(target.tradeName) });
    return { ...view, picker, option };
  }

  /** "Solicitar cartão virtual…" for the account picked: its confirmation. */
  async function openConfirmation(user: ReturnType<typeof renderRoute>['user']) {
    await user.click(within(virtualSection()).getByRole('button', { name: 'Solicitar cartão virtual…' }));
    return screen.findByRole('dialog', { name: 'Solicitar cartão virtual?' });
  }

  it('picks an account by its trade name; the option, the field and the confirmation say what identifies it and the code sent', async () => {
    const target = sandbox.store.listAccounts()[1]!;
    // The default seed has UUID accountIds: the code sent is the account number (virtualCardAccountField).
    expect(target.accountId).toMatch(/^[0-9a-f-]{36}$/);
    const { user, picker, option } = await pickAccount(target);
    expect(document.title).toBe('Cartões · Cartões Back-office');
    // The option shows what identifies the account and the code that will be sent.
    expect(option).toHaveTextContent(
      `CNPJ ${formatCnpj(target.taxId)} · agência ${target.branch} · conta ${target.account}`,
    );
    expect(option).toHaveTextContent(`Código enviado: ${target.account}`);
    await user.click(option);
    expect(picker).toHaveDisplayValue(
      `${target.tradeName} · agência ${target.branch} · conta ${target.account}`,
    );

    const dialog = await openConfirmation(user);
    expect(dialog).toHaveTextContent(
      `Será solicitado um novo cartão virtual para a conta ${target.account}.`,
    );
    expect(dialog).toHaveTextContent(`CNPJ ${formatCnpj(target.taxId)}, agência ${target.branch}`);
    expect(dialog).toHaveTextContent(`Código enviado ao provedor: ${target.account} (o número da conta).`);
  });

  it('sends the picked account’s number once on a double click, focuses the answer, then journals it', async () => {
    const target = sandbox.store.listAccounts()[1]!;
    const { user, option } = await pickAccount(target);
    await user.click(option);
    const dialog = await openConfirmation(user);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Solicitar' }));

    const result = await within(virtualSection()).findByText(
      `Cartão virtual solicitado para a conta ${target.account}`,
    );
    const answer = result.closest<HTMLElement>('[role="status"]')!;
    expect(answer).toHaveTextContent(/em \d{2}\/\d{2}\/\d{4}/);
    // The new card's code as the provider numbered it (the code that cancels it), with its copy button.
    const [created] = sandbox.store.listCards().filter((card) => card.virtual);
    expect(answer).toHaveTextContent(`Código do novo cartão: ${created!.code}`);
    expect(within(answer).getByRole('button', { name: `Copiar o código ${created!.code}` })).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes to the answer once the dialog has closed.
    await waitFor(() => expect(result.closest('[tabindex="-1"]')).toHaveFocus());
    expect(sandbox.store.lastRequest('createVirtualCard')?.body).toEqual({ account: Number(target.account) });
    expect(sandbox.store.stats().requestsPerEndpoint.createVirtualCard).toBe(1);
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [target.accountId]: 1 });
    const [row] = journalRows();
    expect(row).toHaveTextContent('Cartão virtual');
    expect(row).toHaveTextContent(`conta ${target.account}`);
    expect(row).toHaveTextContent('Sucesso');
  });

  it('shows an account whose number is not a whole number, disabled with the reason', async () => {
    const { user } = renderRoute('/cartoes', { sandbox });
    const dashed = sandbox.store.listAccounts()[9]!;
    expect(dashed.account).toMatch(/^\d+-\d$/);
    const picker = await findAccountPicker();
    await user.click(picker);
    await user.paste(dashed.tradeName);
    const option = await screen.findByRole('option', { name: new RegExp(dashed.tradeName) });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveTextContent(
      `Não pode receber cartão virtual: o número da conta (${dashed.account}) não é um número inteiro, e o provedor pede um número.`,
    );
    // MUI makes a disabled option unclickable (pointer-events: none); nothing gets chosen.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker).not.toHaveDisplayValue(new RegExp(dashed.account));
  });

  it('when no account qualifies under the configured field, offers the typed code with an explanation', async () => {
    // The default seed's accountIds are UUIDs: read as the code, none is a whole number.
    const { user } = renderRoute('/cartoes', { sandbox, config: { virtualCardAccountField: 'accountId' } });
    expect(
      await screen.findByText(/Nenhuma das 30 contas da lista tem um código que o provedor aceite/),
    ).toBeInTheDocument();
    // The field and the setting behind it are for support, under the details.
    expect(
      screen
        .getByText(/o campo accountId da conta \(configuração virtualCardAccountField\)/)
        .closest('details'),
    ).not.toBeNull();
    const code = screen.getByRole('textbox', { name: 'Código da conta' });
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    expect(await within(virtualSection()).findByText('Conta 123 não encontrada')).toBeInTheDocument();
  });

  it('asks to pick an account first', async () => {
    const { user } = renderRoute('/cartoes', { sandbox });
    await findAccountPicker();
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    expect(screen.getByText('Escolha uma conta.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the Error object message of a failure and keeps the choice', async () => {
    sandbox.store.faults.add({ endpoint: 'createVirtualCard', kind: '500', times: 1 });
    const { user } = renderRoute('/cartoes', { sandbox });
    const target = sandbox.store.listAccounts()[2]!;
    const picker = await findAccountPicker();
    await user.click(picker);
    await user.paste(target.tradeName);
    await user.click(await screen.findByRole('option', { name: new RegExp(target.tradeName) }));
    const chosen = (picker as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    const alert = await within(virtualSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível solicitar o cartão virtual');
    expect(alert).toHaveTextContent('Tente novamente mais tarde');
    expect(picker).toHaveValue(chosen);
    expect(journalRows()[0]).toHaveTextContent('Falha');
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({});
  });

  it('names the account picker in a 400 about `account`, with a button to it and the provider text', async () => {
    // The fault answers 400 `account: conta inválida`.
    sandbox.store.faults.add({ endpoint: 'createVirtualCard', kind: '400', times: 1 });
    const { user } = renderRoute('/cartoes', { sandbox });
    const target = sandbox.store.listAccounts()[2]!;
    const picker = await findAccountPicker();
    await user.click(picker);
    await user.paste(target.tradeName);
    await user.click(await screen.findByRole('option', { name: new RegExp(target.tradeName) }));
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    const alert = await within(virtualSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível solicitar o cartão virtual');
    expect(alert).toHaveTextContent('Conta: conta inválida (provedor: «account: conta inválida»)');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(alert).getByRole('button', { name: 'Conta' }));
    expect(picker).toHaveFocus();
  });

  it('names the typed account code field in the strict profile’s 400, and focuses it', async () => {
    sandbox.server.use(...otherProfile('strict').handlers);
    const { user } = renderRoute('/cartoes', { sandbox, config: { virtualCardAccountField: 'accountId' } });
    const code = await screen.findByRole('textbox', { name: 'Código da conta' });
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    const alert = await within(virtualSection()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Código da conta: unknown account 123 (provedor: «account: unknown account 123»)',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(alert).getByRole('button', { name: 'Código da conta' }));
    expect(code).toHaveFocus();
  });

  it('with an opaque token refused by the accounts list (403), offers a typed code with a note', async () => {
    const { user } = renderRoute('/cartoes', { sandbox, token: 'sandbox-analyst' });
    const target = sandbox.store.listAccounts()[4]!;
    expect(await screen.findByText(/O seu acesso não inclui a lista de contas/)).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Código da conta' });
    await user.type(code, 'abc');
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    expect(code).toHaveAccessibleDescription('Informe um número inteiro positivo, só com dígitos.');
    await user.clear(code);
    await user.type(code, target.account);
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    expect(
      await within(virtualSection()).findByText(`Cartão virtual solicitado para a conta ${target.account}`),
    ).toBeInTheDocument();
  });

  it('with a JWT lacking accounts:read, does not ask for the list at all', async () => {
    const token = await issueTestToken(sandbox, ['cards:write']);
    const { user } = renderRoute('/cartoes', { sandbox, token });
    const code = await screen.findByRole('textbox', { name: 'Código da conta' });
    expect(screen.getByText(/O seu acesso não inclui a lista de contas/)).toBeInTheDocument();
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Solicitar cartão virtual…' }));
    await user.click(await screen.findByRole('button', { name: 'Solicitar' }));
    expect(await within(virtualSection()).findByText('Conta 123 não encontrada')).toBeInTheDocument();
    expect(code).toHaveValue('123');
    expect(sandbox.store.stats().requestsPerEndpoint.allAccounts).toBe(0);
  });

  it('opens the confirmation for an account handed over by the accounts screen', async () => {
    const { user, router } = renderRoute('/produtos', { sandbox });
    const target = sandbox.store.listAccounts()[6]!;
    await act(() =>
      router.navigate('/cartoes', {
        state: handOff('cards', { virtualCardAccount: Number(target.account) }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar cartão virtual?' });
    expect(dialog).toHaveTextContent(`conta ${target.account}`);
    // Taken once: Back and Forward to this entry do not ask again.
    await waitFor(() => expect(peekHandOff('cards', router.state.location.state)).toBeNull());
    // The list arrives while the dialog is open; it then names the account too.
    await waitFor(() => expect(dialog).toHaveTextContent(target.tradeName));
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    expect(
      await within(virtualSection()).findByText(`Cartão virtual solicitado para a conta ${target.account}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The handed-over account is also the one chosen in the picker.
    expect(screen.getByRole('combobox', { name: 'Conta' })).toHaveDisplayValue(
      `${target.tradeName} · agência ${target.branch} · conta ${target.account}`,
    );
  });
});

describe('CardsPage: cancellation', () => {
  it('asks for the code again before cancelling, then shows the answer', async () => {
    const { user } = renderRoute('/cartoes', { sandbox });
    await user.type(await screen.findByRole('textbox', { name: 'Código do cartão' }), '5001');
    await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o cartão 5001?' });
    expect(dialog).toHaveTextContent('Esta operação não pode ser desfeita.');
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar o cartão' });
    const retype = within(dialog).getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
    expect(retype).toHaveFocus();
    expect(confirm).toBeDisabled();
    await user.type(retype, '5002');
    expect(confirm).toBeDisabled();
    expect(retype).toHaveAccessibleDescription('O código digitado não é 5001.');
    await user.clear(retype);
    await user.type(retype, '5001');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    const result = await within(cancelSection()).findByText('Cartão 5001 cancelado');
    await waitFor(() => expect(result.closest('[tabindex="-1"]')).toHaveFocus());
    expect(sandbox.store.stats().cancelsPerCard).toEqual({ '5001': 1 });
  });

  it('shows the provider message when the card is already cancelled, newest first in the journal', async () => {
    const { user } = renderRoute('/cartoes', { sandbox });
    const code = await screen.findByRole('textbox', { name: 'Código do cartão' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // A cancelled card's code leaves the field (one click from cancelling it again): typed again.
      expect(code).toHaveValue('');
      await user.type(code, '5002');
      await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByRole('textbox'), '5002{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(await within(cancelSection()).findByRole('alert')).toHaveTextContent(
      'Cartão 5002 já está cancelado',
    );
    // The first cancel's success is not left beside the refusal.
    expect(within(cancelSection()).queryByText('Cartão 5002 cancelado')).not.toBeInTheDocument();
    expect(code).toHaveValue('5002');
    const [newest, oldest] = journalRows();
    expect(newest).toHaveTextContent('Falha');
    expect(newest).toHaveTextContent('Cartão 5002 já está cancelado');
    expect(oldest).toHaveTextContent('Cartão 5002 cancelado');

    // An edited code: the refusal was about 5002, not about what the field holds now.
    await user.type(code, 'x');
    expect(within(cancelSection()).queryByRole('alert')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(code).toHaveAccessibleDescription('Informe um número inteiro positivo, só com dígitos.');
    expect(within(cancelSection()).queryByText(/já está cancelado/)).not.toBeInTheDocument();
  });

  it('names the card code field in a 400 about `cardCode`, with a button to it', async () => {
    sandbox.store.faults.add({ endpoint: 'cancelCard', kind: '400', times: 1 });
    const { user } = renderRoute('/cartoes', { sandbox });
    const code = await screen.findByRole('textbox', { name: 'Código do cartão' });
    await user.type(code, '5001');
    await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o cartão 5001?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Digite o código/ }), '5001');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar o cartão' }));
    const alert = await within(cancelSection()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Código do cartão: cartão inválido (provedor: «cardCode: cartão inválido»)',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(alert).getByRole('button', { name: 'Código do cartão' }));
    expect(code).toHaveFocus();
  });

  it('sends one request however often the confirm button is pressed', async () => {
    sandbox.store.faults.add({ endpoint: 'cancelCard', kind: 'delay', delayMs: 200, times: 1 });
    const { user } = renderRoute('/cartoes', { sandbox });
    await user.type(await screen.findByRole('textbox', { name: 'Código do cartão' }), '5003');
    await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '5003');
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar o cartão' });
    await user.dblClick(confirm);
    await user.keyboard('{Enter}');
    expect(await within(cancelSection()).findByText('Cartão 5003 cancelado')).toBeInTheDocument();
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({ '5003': 1 });
  });

  it('Back closes the dialog without a request and returns focus to the button', async () => {
    const { user } = renderRoute('/cartoes', { sandbox });
    await user.type(await screen.findByRole('textbox', { name: 'Código do cartão' }), '5004');
    const trigger = screen.getByRole('button', { name: 'Cancelar cartão…' });
    await user.click(trigger);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(sandbox.store.stats().cancelRequestsPerCard).toEqual({});
  });

  it('refuses a code that is not a whole number', async () => {
    const { user } = renderRoute('/cartoes', { sandbox });
    const code = await screen.findByRole('textbox', { name: 'Código do cartão' });
    await user.type(code, '50.01');
    await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
    expect(code).toHaveAccessibleDescription('Informe um número inteiro positivo, só com dígitos.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('CardsPage: journal', () => {
  it('starts empty, exports CSV with a BOM and semicolons, and is erased on sign-out', async () => {
    const downloads = captureDownloads();
    try {
      const { user } = renderRoute('/cartoes', { sandbox });
      expect(await screen.findByText('Nenhuma operação nesta aba ainda.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
      await user.type(screen.getByRole('textbox', { name: 'Código do cartão' }), '9999');
      await user.click(screen.getByRole('button', { name: 'Cancelar cartão…' }));
      await user.type(within(await screen.findByRole('dialog')).getByRole('textbox'), '9999{Enter}');
      expect(await within(cancelSection()).findByRole('alert')).toHaveTextContent(
        'Cartão 9999 não encontrado',
      );
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      expect(downloads.blobs).toHaveLength(1);
      const text = await downloads.text();
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe('Hora;Operação;Entrada;Resultado;Mensagem');
      expect(lines[1]).toMatch(/;Cancelamento;9999;Falha;Cartão 9999 não encontrado$/);
      act(() => session.signOut());
      expect(cardJournal.getEntries()).toEqual([]);
    } finally {
      downloads.restore();
    }
  });

  it('speaks English when chosen', async () => {
    renderRoute('/cartoes', { sandbox, language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cards' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel card…' })).toBeInTheDocument();
  });
});
