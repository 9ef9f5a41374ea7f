import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { formatMoney } from '@/lib/money';
import { otherProfile, preloadRoute, renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
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
// The list once before the tests, at that size (see warmUpRoute).
beforeAll(() =>
  warmUpRoute(sandbox, '/contas', () => screen.getByText(sandbox.store.listAccounts()[0]!.tradeName)),
);

/**
 * The accounts table, by its label on a `<table>`: a role query reads the style of every table and its
 * ancestors, and this one is polled (bodyRows below).
 */
const table = () => screen.getByLabelText('Contas da instituição', { selector: 'table' });
/**
 * The body rows in the DOM (the table is virtualized: jsdom has no layout, so only the first few). By the
 * table's own row lists: a role query reads the style of every row, and this one is polled.
 */
function bodyRows(): HTMLTableRowElement[] {
  const element = table();
  if (!(element instanceof HTMLTableElement)) throw new Error('the accounts table is not a <table>');
  return [...element.tBodies]
    .flatMap((body) => [...body.rows])
    .filter((row) => row.hasAttribute('aria-rowindex'));
}
const footer = () => table().querySelector('tfoot tr');

/**
 * The row header of `tradeName`, once the list has arrived: waited for by its text, then checked as a
 * row header (a role query per change of the page would read the style of every row).
 */
async function findRowHeader(tradeName: string): Promise<HTMLElement> {
  const header = await screen.findByText(tradeName);
  expect(header).toHaveRole('rowheader');
  return header;
}

/** The column header `name` and the button in it that sorts by the column (both stay across sorts). */
function column(name: string) {
  const header = screen.getByRole('columnheader', { name });
  return { header, sort: within(header).getByRole('button') };
}

// The toolbar's buttons by their text: a role query with a name reads the style of every button on the
// page (a sort button per column, an action per row), and these tests are not about the toolbar's roles.
const columnsButton = () => screen.getByText('Colunas');
const exportButton = () => screen.getByText('Exportar CSV');

/** Searches the list for `text`, pasted as operators do with a CNPJ or an account number. */
async function searchFor(user: UserEvent, text: string) {
  await user.click(screen.getByRole('searchbox', { name: 'Buscar contas' }));
  await user.paste(text);
}
/** As Testing Library reads text: the no-break space Intl puts after "R$" becomes a plain space. */
const money = (amount: number) => formatMoney(amount, 'centavos').replace(/\s/g, ' ');

/** Turns on, in the column menu, columns that the width (1280 px in page tests) leaves out by default. */
async function showColumns(user: UserEvent, names: readonly string[]) {
  await user.click(columnsButton());
  const menu = screen.getByRole('menu', { name: 'Colunas visíveis' });
  for (const name of names) await user.click(within(menu).getByRole('menuitemcheckbox', { name }));
  await user.keyboard('{Escape}');
}

describe('AccountsPage', () => {
  it('shows what identifies an account at 1280 px: name, CNPJ, agência, conta, available', async () => {
    renderRoute('/contas', { sandbox });
    const first = sandbox.store.listAccounts()[0]!;
    await findRowHeader(first.tradeName);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome fantasia', 'CNPJ', 'Agência', 'Conta', 'Disponível', 'Ações']);
    expect(bodyRows()[0]).toHaveTextContent(`${first.branch}${first.account}`);
    // The provider's accountId (a UUID) is in the column menu, not on screen: the name has the room.
    expect(bodyRows()[0]).not.toHaveTextContent(first.accountId);
  });

  it('lists the accounts with CNPJ, default badge, balances (negatives marked) and totals', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    const seeded = sandbox.store.listAccounts();
    const first = seeded[0]!;
    expect(await findRowHeader(first.tradeName)).toBeInTheDocument();
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
    const overdrawnHeader = within(table()).getByText(overdrawn.tradeName);
    expect(overdrawnHeader).toHaveRole('rowheader');
    const overdrawnRow = overdrawnHeader.closest('tr')!;
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
    await findRowHeader(seeded[0]!.tradeName);
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
    await user.paste('nada disso');
    expect(await screen.findByText('Nenhuma conta corresponde a “nada disso”.')).toBeInTheDocument();
  });

  /** The list at 1280 px with `hidden` (columns the width leaves out) shown too, once its rows are in. */
  async function openSortable(hidden: readonly string[] = []) {
    const view = renderRoute('/contas', { sandbox });
    await findRowHeader(sandbox.store.listAccounts()[0]!.tradeName);
    if (hidden.length > 0) await showColumns(view.user, hidden);
    return view;
  }

  it('sorts by "Disponível" ascending on a first click, descending on a second', async () => {
    const { user } = await openSortable();
    const available = column('Disponível');
    await user.click(available.sort);
    const byAvailable = [...sandbox.store.listAccounts()].sort(
      (a, b) => a.balance.available - b.balance.available,
    );
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(byAvailable[0]!.tradeName));
    expect(available.header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(available.sort);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(byAvailable.at(-1)!.tradeName));
    expect(available.header).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by "Padrão": the default account first', async () => {
    const { user } = await openSortable(['Padrão']);
    const standard = column('Padrão');
    await user.click(standard.sort);
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Padrão')).toBeInTheDocument());
    expect(standard.header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by "Bloqueado" ascending: the smallest blocked balance first', async () => {
    const { user } = await openSortable(['Bloqueado']);
    const blocked = column('Bloqueado');
    await user.click(blocked.sort);
    expect(blocked.header).toHaveAttribute('aria-sort', 'ascending');
    const byBlocked = [...sandbox.store.listAccounts()].sort((a, b) => a.balance.blocked - b.balance.blocked);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(money(byBlocked[0]!.balance.blocked)));
  });

  // Every other column, shown first when the width leaves it out: its first click sorts ascending.
  it.each([
    { name: 'Nome fantasia', hidden: false },
    { name: 'Razão social', hidden: true },
    { name: 'CNPJ', hidden: false },
    { name: 'Agência', hidden: false },
    { name: 'Conta', hidden: false },
    { name: 'ID da conta', hidden: true },
    { name: 'Saldo total', hidden: true },
  ])('sorts by $name ascending on a first click', async ({ name, hidden }) => {
    const { user } = await openSortable(hidden ? [name] : []);
    const { header, sort } = column(name);
    expect(header).not.toHaveAttribute('aria-sort', 'ascending');
    await user.click(sort);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('hides and shows columns', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    await findRowHeader(sandbox.store.listAccounts()[0]!.tradeName);
    await user.click(columnsButton());
    const menu = screen.getByRole('menu', { name: 'Colunas visíveis' });
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Agência' }));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Agência' })).toHaveAttribute(
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
    expect(screen.queryByRole('columnheader', { name: 'Agência' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Razão social' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nome fantasia' })).toBeInTheDocument();
  });

  it('exports what is shown as CSV (BOM, semicolons, decimal commas)', async () => {
    const downloads = captureDownloads();
    try {
      const { user } = renderRoute('/contas', { sandbox });
      const target = sandbox.store.listAccounts()[3]!; // overdrawn
      await findRowHeader(sandbox.store.listAccounts()[0]!.tradeName);
      await searchFor(user, target.taxId);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      await user.click(exportButton());
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
      await findRowHeader(seeded[0]!.tradeName);
      await searchFor(user, target.taxId);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(bodyRows()[0]).toHaveTextContent(target.tradeName);
      await user.click(exportButton());
      expect(await downloads.text()).toContain(`;${target.branch};${target.account};${target.accountId};`);
      expect(sandbox.store.stats().requestsPerEndpoint.allAccounts).toBe(1);
    } finally {
      downloads.restore();
    }
  });

  it('requests a virtual card for a row: the cards screen opens its confirmation for it', async () => {
    const { user, router } = renderRoute('/contas', { sandbox });
    const second = sandbox.store.listAccounts()[1]!;
    const row = (await findRowHeader(second.tradeName)).closest('tr')!;
    await user.click(
      within(row).getByRole('button', {
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

  it('says why an account whose number is not a whole number cannot get a virtual card', async () => {
    const { user } = renderRoute('/contas', { sandbox });
    const dashed = sandbox.store.listAccounts()[9]!;
    expect(dashed.account).toMatch(/-/);
    const row = (await findRowHeader(dashed.tradeName)).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Solicitar cartão virtual/ })).not.toBeInTheDocument();
    const reason = `o número da conta (${dashed.account}) não é um número inteiro, e o provedor pede um número.`;
    const note = within(row).getByRole('button', {
      name: `Sem cartão virtual: Não pode receber cartão virtual: ${reason}`,
    });
    await user.click(note);
    expect(
      await screen.findByText(`Não pode receber cartão virtual: ${reason}`, {
        selector: '.MuiAlert-message, .MuiAlert-message *',
      }),
    ).toBeInTheDocument();
  });

  it('withholds the balances a centavos reading contradicts, names the field and the key, and keeps the rest working', async () => {
    const reais = otherProfile('english');
    sandbox.server.use(...reais.handlers);
    const downloads = captureDownloads();
    try {
      const { user, router } = renderRoute('/contas', { sandbox, config: { balanceUnit: 'centavos' } });
      const seeded = reais.store.listAccounts();
      await findRowHeader(seeded[0]!.tradeName);
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
      ).toEqual(['Nome fantasia', 'CNPJ', 'Agência', 'Conta', 'Ações']);
      expect(footer()).toBeNull();
      expect(table()).not.toHaveTextContent('R$');
      await user.click(columnsButton());
      const menu = screen.getByRole('menu', { name: 'Colunas visíveis' });
      for (const name of ['Disponível', 'Saldo total', 'Bloqueado']) {
        const item = within(menu).getByRole('menuitemcheckbox', { name: new RegExp(`^${name}`) });
        expect(item).toHaveAttribute('aria-disabled', 'true');
        expect(item).toHaveAttribute('aria-checked', 'false');
        expect(item).toHaveTextContent('Não mostrado: veja o aviso sobre os saldos');
      }
      await user.keyboard('{Escape}');

      // Sort and search work on the rest.
      await user.click(column('Nome fantasia').sort);
      const byName = [...seeded].sort((a, b) => a.tradeName.localeCompare(b.tradeName, 'pt-BR'));
      await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(byName[0]!.tradeName));
      const target = seeded[6]!;
      await searchFor(user, target.taxId);
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(bodyRows()[0]).toHaveTextContent(target.tradeName);

      // The CSV has every column but the balances.
      await user.click(exportButton());
      const text = await downloads.text();
      const [header, line] = text.slice(1).split('\r\n');
      expect(header).toBe('Nome fantasia;CNPJ;Agência;Conta;ID da conta;Padrão;Razão social');
      expect(line).toContain(`;${target.branch};${target.account};${target.accountId};`);

      // The row action still requests a virtual card for the account.
      await user.click(
        within(bodyRows()[0]!).getByRole('button', {
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
    const row = (await findRowHeader(first.tradeName)).closest('tr')!;
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
    expect(await findRowHeader(sandbox.store.listAccounts()[0]!.tradeName)).toBeInTheDocument();
  });

  it('speaks English and shows money in reais when configured so', async () => {
    renderRoute('/contas', { sandbox, language: 'en', config: { moneyUnit: 'reais' } });
    const first = sandbox.store.listAccounts()[0]!;
    const english = await screen.findByRole('table', { name: "The institution's accounts" });
    await findRowHeader(first.tradeName);
    expect(within(english).getAllByRole('row')[1]).toHaveTextContent(
      formatMoney(first.balance.total, 'reais', 'en').replace(/\s/g, ' '),
    );
  });
});
