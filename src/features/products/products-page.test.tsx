import { screen, waitFor, within } from '@testing-library/react';
import { fieldNamed } from '@/test/form-fields';
import { preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';

const sandbox = setupTestSandbox();

beforeAll(() => preloadRoute('/produtos'));

describe('ProductsPage', () => {
  it('lists the products with code, name and annual fee, HTML-like names as text', async () => {
    renderRoute('/produtos', { sandbox });
    const table = await screen.findByRole('table', { name: 'Produtos de crédito' });
    // Waited for by its text, then checked as a row header: a role query with a name, tried on every
    // change while the list loads, reads the style of every candidate each time.
    expect(await within(table).findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
    expect(within(table).getByText('102')).toBeInTheDocument();
    // The HTML-like name shows literally and creates no element.
    expect(within(table).getByText(/<img src=x onerror=window.__x=1>/)).toBeInTheDocument();
    expect(table.querySelector('img')).toBeNull();
    expect(document.title).toBe('Produtos de crédito · Cartões Back-office');
  });

  it('filters by code, name or annual fee, ignoring accents and case', async () => {
    const { user } = renderRoute('/produtos', { sandbox });
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
    // Pasted: what is filtered is the subject, not the keys (one list, filtered as the text changes).
    await user.click(screen.getByRole('searchbox', { name: 'Filtrar produtos' }));
    await user.paste('cartao platinum');
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(1));
    expect(screen.getByRole('rowheader')).toHaveTextContent('Cartão Platinum Viagens');
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar produtos' }));
    await user.paste('nada disso');
    expect(await screen.findByText('Nenhum produto corresponde a “nada disso”.')).toBeInTheDocument();
  });

  it('links each product to a new application with it chosen', async () => {
    const { user, router } = renderRoute('/produtos', { sandbox });
    const row = (await screen.findByText('Cartão Gold Internacional')).closest('tr')!;
    await user.click(
      within(row).getByRole('link', { name: 'Iniciar proposta com o produto Cartão Gold Internacional' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/proposta/nova/produto'));
    // Handed over in memory: the address holds no product code, the wizard starts with it chosen.
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(fieldNamed('codigodoproduto')).toHaveValue('102'));
  });

  it('shows the Error object message of a 500 and recovers with the retry button', async () => {
    sandbox.store.faults.add({ endpoint: 'products', kind: '500', times: 1 });
    const { user } = renderRoute('/produtos', { sandbox });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os produtos');
    expect(alert).toHaveTextContent('Tente novamente mais tarde');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
  });

  it('retries a 500 by itself and shows the data without an error', async () => {
    sandbox.store.faults.add({ endpoint: 'products', kind: '500', times: 2 });
    renderRoute('/produtos', { sandbox, retries: true });
    expect(await screen.findByText('Cartão Gold Internacional')).toHaveRole('rowheader');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the answer came in an unexpected form, and names the field under the details', async () => {
    sandbox.store.faults.add({ endpoint: 'products', kind: 'schemaDrift', times: 1 });
    renderRoute('/produtos', { sandbox });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A resposta do provedor veio num formato inesperado.');
    expect(
      within(alert)
        .getByText(/Campo fora do contrato: conteudo\.produtos\.0\./)
        .closest('details'),
    ).not.toBeNull();
  });

  it('explains an HTML error page without rendering it', async () => {
    sandbox.store.faults.add({ endpoint: 'products', kind: '502', times: 1 });
    renderRoute('/produtos', { sandbox });
    // A 502 is what a gateway answers when the provider is down: said as such, the status in the details.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('O provedor não respondeu. Tente novamente em instantes.');
    expect(
      within(alert)
        .getByText(/Situação HTTP: 502/)
        .closest('details'),
    ).not.toBeNull();
  });

  it('speaks English when chosen', async () => {
    renderRoute('/produtos', { sandbox, language: 'en' });
    expect(await screen.findByRole('table', { name: 'Credit products' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /^Start application with product/ })).not.toHaveLength(
      0,
    );
  });
});
