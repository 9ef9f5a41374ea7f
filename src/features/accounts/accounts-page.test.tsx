import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { formatMoney } from '@/lib/money';
import { otherProfile, preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';
import { captureDownloads } from '@/test/downloads';
import { issueTestToken } from '@/test/sandbox-token';

const sandbox = setupTestSandbox();

// The row action opens the cards screen, a lazy chunk: load it before the tests (see preloadRoute).
beforeAll(() => preloadRoute('/cartoes'));

/**
 * jsdom lays nothing out, so every element measures 0 × 0 and the virtualized table would show no
 * row. Give elements a viewport-like size here: the table then renders the rows that fit in 600 px
 * (plus its overscan), as a browser would.
 */
const sizes = { clientHeight: 600, clientWidth: 1200 } as const;
const originals = Object.fromEntries(
  Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(Element.prototype, key)]),
);
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(Element.prototype, key, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(originals))
    if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
});

const table = () => screen.getByRole('table', { name: 'Contas da instituição' });
/** The body rows in the DOM (the table is virtualized: jsdom has no layout, so only the first few). */
const bodyRows = () =>
  within(table())
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-rowindex') !== null && row.closest('tbody') !== null);
const footer = () => table().querySelector('tfoot tr');
/** As Testing Library reads text: the no-break space Intl puts after "R$" becomes a plain space. */
const money = (amount: number) => formatMoney(amount, 'centavos').replace(/\s/g, ' ');

/** Turns on, in the column menu, columns that the width (1280 px in page tests) leaves out by default. */
async function showColumns(user: UserEvent, names: readonly string[]) {
  await user.click(screen.getByRole('button', { name: 'Colunas' }));
  const menu = screen.getByRole('menu', { name: 'Colunas visíveis' });
  for (const name of names) await user.click(within(menu).getByRole('menuitemcheckbox', { name }));
  await user.keyboard('{Escape}');
}

describe('AccountsPage', () => {
  it('shows what identifies an account at 1280 px: name, CNPJ, agência, conta, code, available', async () => {
    renderRoute('/contas', { sandbox });
    const first = sandbox.store.listAccounts()[0]!;
    await screen.findByRole('rowheader', { name: first.tradeName });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome fantasia', 'CNPJ', 'Agência', 'Conta', 'ID da conta', 'Disponível', 'Ações']);
    expect(bodyRows()[0]).toHaveTextContent(`${first.branch}${first.account}${first.accountId}`);
  });

  it('lists the accounts with CNPJ, default badge, balances (negatives marked) and totals', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    const seeded = sandbox.store.listAccounts();
    const first = seeded[0]!;
    expect(await screen.findByRole('rowheader', { name: first.tradeName })).toBeInTheDocument();
    expect(document.title).toBe('Contas · Cartões Back-office');
    expect(table()).toHaveAttribute('aria-rowcount', '32');
    expect(screen.getByText('30 contas')).toBeInTheDocument();
    await showColumns(user, ['Padrão', 'Saldo total', 'Bloqueado']);

    const [row1] = bodyRows();
    expect(row1).toHaveTextContent(
      first.taxId.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'),
    );
    expect(within(row1!).getByText('Padrão')).toBeInTheDocument();
    expect(row1).toHaveTextContent(money(first.balance.available));

    const overdrawn = seeded[3]!; // the fourth seeded account is overdrawn (docs/sandbox.md)
    const overdrawnRow = within(table()).getByRole('rowheader', { name: overdrawn.tradeName }).closest('tr')!;
    const negative = within(overdrawnRow).getAllByText(money(overdrawn.balance.total))[0]!;
    expect(negative.textContent).toMatch(/^-/);
    expect(getComputedStyle(negative).fontWeight).toBe('600');

    const total = seeded.reduce((sum, account) => sum + account.balance.total, 0);
    const blocked = seeded.reduce((sum, account) => sum + account.balance.blocked, 0);
    expect(footer()).toHaveTextContent('Totais (30 contas)');
    expect(footer()).toHaveTextContent(money(total));
    expect(footer()).toHaveTextContent(money(blocked));
  });

  it('searches names, CNPJ (with or without punctuation) and account, and totals what is shown', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    const seeded = sandbox.store.listAccounts();
    const target = seeded[6]!;
    await screen.findByRole('rowheader', { name: seeded[0]!.tradeName });
    const search = screen.getByRole('searchbox', { name: 'Buscar contas' });

    const cnpj = target.taxId.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    for (const query of [cnpj, target.taxId, target.account, target.officialName.toUpperCase()]) {
      await user.clear(search);
      await user.paste(query);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(bodyRows()[0]).toHaveTextContent(target.tradeName);
    }
    expect(screen.getByText('1 de 30 contas')).toBeInTheDocument();
    expect(footer()).toHaveTextContent('Totais (1 conta)');
    expect(footer()).toHaveTextContent(money(target.balance.total));

    await user.clear(search);
    await user.type(search, 'nada disso');
    expect(await screen.findByText('Nenhuma conta corresponde a “nada disso”.')).toBeInTheDocument();
  });

  it('sorts on every column, both ways', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    const seeded = sandbox.store.listAccounts();
    await screen.findByRole('rowheader', { name: seeded[0]!.tradeName });
    await showColumns(user, ['Padrão', 'Saldo total', 'Bloqueado', 'Razão social']);

    await user.click(screen.getByRole('button', { name: 'Disponível' }));
    const byAvailable = [...seeded].sort((a, b) => a.balance.available - b.balance.available);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(byAvailable[0]!.tradeName));
    expect(screen.getByRole('columnheader', { name: 'Disponível' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Disponível' }));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(byAvailable.at(-1)!.tradeName));
    expect(screen.getByRole('columnheader', { name: 'Disponível' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: 'Padrão' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Padrão')).toBeInTheDocument());

    for (const name of [
      'Nome fantasia',
      'Razão social',
      'CNPJ',
      'Agência',
      'Conta',
      'ID da conta',
      'Saldo total',
      'Bloqueado',
    ]) {
      await user.click(screen.getByRole('button', { name }));
      expect(screen.getByRole('columnheader', { name })).toHaveAttribute('aria-sort', 'ascending');
    }
    const byBlocked = [...seeded].sort((a, b) => a.balance.blocked - b.balance.blocked);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(money(byBlocked[0]!.balance.blocked)));
  });

  it('hides and shows columns', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    await screen.findAllByRole('rowheader');
    await user.click(screen.getByRole('button', { name: 'Colunas' }));
    const menu = screen.getByRole('menu', { name: 'Colunas visíveis' });
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'ID da conta' }));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'ID da conta' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // Left out at this width by default, shown on request.
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Razão social' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Razão social' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'ID da conta' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Razão social' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nome fantasia' })).toBeInTheDocument();
  });

  it('exports what is shown as CSV (BOM, semicolons, decimal commas)', async () => {
    const downloads = captureDownloads();
    try {
      const { user } = renderRoute('/contas', { sandbox });
      const target = sandbox.store.listAccounts()[3]!; // overdrawn
      await screen.findAllByRole('rowheader');
      await user.type(screen.getByRole('searchbox', { name: 'Buscar contas' }), target.taxId);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      const text = await downloads.text();
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, line, extra] = text.slice(1).split('\r\n');
      expect(header).toBe(
        'Nome fantasia;CNPJ;Agência;Conta;ID da conta;Disponível (R$);Saldo total (R$);Bloqueado (R$);Padrão;Razão social',
      );
      expect(line).toContain(`;${target.branch};${target.account};${target.accountId};`);
      expect(line).toMatch(new RegExp(`;${target.officialName}$`));
      expect(line).toMatch(/;-\d+,\d{2};/);
      expect(extra).toBeUndefined();
    } finally {
      downloads.restore();
    }
  });

  it('searches and exports the list the cards screen fetched first: one query, one request', async () => {
    const downloads = captureDownloads();
    try {
      const { user, router } = renderRoute('/cartoes', { sandbox });
      const seeded = sandbox.store.listAccounts();
      const target = seeded[3]!;
      // The virtual-card picker offers the accounts: the list has arrived on the cards screen.
      await user.click(await screen.findByRole('combobox', { name: 'Conta' }));
      await user.paste(target.tradeName);
      await screen.findByRole('option', { name: new RegExp(target.tradeName) });

      await act(() => router.navigate('/contas'));
      await screen.findByRole('rowheader', { name: seeded[0]!.tradeName });
      await user.type(screen.getByRole('searchbox', { name: 'Buscar contas' }), target.taxId);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(bodyRows()[0]).toHaveTextContent(target.tradeName);
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      expect(await downloads.text()).toContain(`;${target.branch};${target.account};${target.accountId};`);
      expect(sandbox.store.stats().requestsPerEndpoint.allAccounts).toBe(1);
    } finally {
      downloads.restore();
    }
  });

  it('requests a virtual card for a row: the cards screen opens its confirmation for it', async () => {
    const { user, router } = renderRoute('/contas', { sandbox });
    const second = sandbox.store.listAccounts()[1]!;
    await screen.findByRole('rowheader', { name: second.tradeName });
    await user.click(
      await screen.findByRole('button', {
        name: `Solicitar cartão virtual para ${second.tradeName}, conta ${second.account}`,
      }),
    );
    // The cards screen is a lazy route: give its chunk time on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar cartão virtual?' });
    // The code is the account number (config virtualCardAccountField: "account"), never the UUID id.
    expect(dialog).toHaveTextContent(`para a conta ${second.account}.`);
    expect(dialog).toHaveTextContent(`Código enviado ao provedor: ${second.account} (o número da conta).`);
    expect(dialog).not.toHaveTextContent(second.accountId);
    expect(router.state.location.pathname).toBe('/cartoes');
    expect(router.state.location.search).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    // Once in the answer and once in the journal.
    expect(
      await screen.findAllByText(`Cartão virtual solicitado para a conta ${second.account}`),
    ).not.toHaveLength(0);
    expect(sandbox.store.lastRequest('createVirtualCard')?.body).toEqual({ account: Number(second.account) });
    expect(sandbox.store.stats().virtualCardsPerAccount).toEqual({ [second.accountId]: 1 });
  });

  it('offers no row action for an account whose number is not a whole number', async () => {
    renderRoute('/contas', { sandbox });
    const dashed = sandbox.store.listAccounts()[9]!;
    expect(dashed.account).toMatch(/-/);
    const row = (await screen.findByRole('rowheader', { name: dashed.tradeName })).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Solicitar cartão virtual/ })).not.toBeInTheDocument();
  });

  it('withholds the balances a centavos reading contradicts, names the field and the key, and keeps the rest working', async () => {
    const reais = otherProfile('english');
    sandbox.server.use(...reais.handlers);
    const downloads = captureDownloads();
    try {
      const { user, router } = renderRoute('/contas', { sandbox, config: { balanceUnit: 'centavos' } });
      const seeded = reais.store.listAccounts();
      await screen.findByRole('rowheader', { name: seeded[0]!.tradeName });
      const note = screen.getByRole('note');
      expect(note).toHaveTextContent('Saldos não mostrados');
      // In the operator's words the value and what to do; the field and the key under the details.
      expect(note).toHaveTextContent(/O provedor mandou um saldo com frações de centavo \(-?\d+\.\d+\)/);
      expect(note).toHaveTextContent(/Avise o suporte/);
      const details = within(note).getByText('Detalhes técnicos (para o suporte)').closest('details');
      expect(details).toHaveTextContent(
        /O campo accounts\.\d+\.balance\.(total|blocked|available) da resposta vale -?\d+\.\d+/,
      );
      expect(details).toHaveTextContent('balanceUnit');
      // Not an error screen: the list, without any balance, column, total or sort by one.
      expect(document.title).toBe('Contas · Cartões Back-office');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(
        within(table())
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual(['Nome fantasia', 'CNPJ', 'Agência', 'Conta', 'ID da conta', 'Ações']);
      expect(footer()).toBeNull();
      expect(table()).not.toHaveTextContent('R$');
      await user.click(screen.getByRole('button', { name: 'Colunas' }));
      const menu = screen.getByRole('menu', { name: 'Colunas visíveis' });
      for (const name of ['Disponível', 'Saldo total', 'Bloqueado']) {
        const item = within(menu).getByRole('menuitemcheckbox', { name: new RegExp(`^${name}`) });
        expect(item).toHaveAttribute('aria-disabled', 'true');
        expect(item).toHaveAttribute('aria-checked', 'false');
        expect(item).toHaveTextContent('Não mostrado: veja o aviso sobre os saldos');
      }
      await user.keyboard('{Escape}');

      // Sort and search work on the rest.
      await user.click(screen.getByRole('button', { name: 'Nome fantasia' }));
      const byName = [...seeded].sort((a, b) => a.tradeName.localeCompare(b.tradeName, 'pt-BR'));
      await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(byName[0]!.tradeName));
      const target = seeded[6]!;
      await user.type(screen.getByRole('searchbox', { name: 'Buscar contas' }), target.taxId);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(bodyRows()[0]).toHaveTextContent(target.tradeName);

      // The CSV has every column but the balances.
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      const text = await downloads.text();
      const [header, line] = text.slice(1).split('\r\n');
      expect(header).toBe('Nome fantasia;CNPJ;Agência;Conta;ID da conta;Padrão;Razão social');
      expect(line).toContain(`;${target.branch};${target.account};${target.accountId};`);

      // The row action still requests a virtual card for the account.
      await user.click(
        screen.getByRole('button', {
          name: `Solicitar cartão virtual para ${target.tradeName}, conta ${target.account}`,
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Solicitar cartão virtual?' });
      expect(dialog).toHaveTextContent(`para a conta ${target.account}.`);
      expect(router.state.location.pathname).toBe('/cartoes');
    } finally {
      downloads.restore();
    }
  });

  it('shows balances sent in reais as they are under balanceUnit "reais"', async () => {
    const reais = otherProfile('english');
    sandbox.server.use(...reais.handlers);
    const first = reais.store.listAccounts()[0]!;
    renderRoute('/contas', { sandbox, config: { balanceUnit: 'reais' } });
    const row = (await screen.findByRole('rowheader', { name: first.tradeName })).closest('tr')!;
    expect(row).toHaveTextContent(money(Math.round(first.balance.available * 100)));
  });

  it('explains a missing accounts:read scope (opaque token, 403) without an error page', async () => {
    renderRoute('/contas', { sandbox, token: 'sandbox-analyst' });
    expect(await screen.findByText('Sem acesso à lista de contas')).toBeInTheDocument();
    expect(screen.getByText(/O seu acesso não inclui a lista de contas/)).toBeInTheDocument();
    expect(screen.getByText(/escopo accounts:read/).closest('details')).not.toBeNull();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(document.title).toBe('Contas · Cartões Back-office');
  });

  it('with a JWT lacking the scope, explains it without calling the provider', async () => {
    const token = await issueTestToken(sandbox, ['cards:write']);
    renderRoute('/contas', { sandbox, token });
    expect(await screen.findByText('Sem acesso à lista de contas')).toBeInTheDocument();
    expect(sandbox.store.stats().requestsPerEndpoint.allAccounts).toBe(0);
  });

  it('shows the message of a 500 with a retry that recovers', async () => {
    sandbox.store.faults.add({ endpoint: 'allAccounts', kind: '500', times: 1 });
    const { user } = renderRoute('/contas', { sandbox });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as contas');
    expect(alert).toHaveTextContent('Tente novamente mais tarde');
    expect(document.title).toBe('Erro: Contas · Cartões Back-office');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findAllByRole('rowheader')).not.toHaveLength(0);
  });

  it('speaks English and shows money in reais when configured so', async () => {
    renderRoute('/contas', { sandbox, language: 'en', config: { moneyUnit: 'reais' } });
    const first = sandbox.store.listAccounts()[0]!;
    const english = await screen.findByRole('table', { name: "The institution's accounts" });
    await screen.findAllByRole('rowheader');
    expect(within(english).getAllByRole('row')[1]).toHaveTextContent(
      formatMoney(first.balance.total, 'reais', 'en').replace(/\s/g, ' '),
    );
  });
});
