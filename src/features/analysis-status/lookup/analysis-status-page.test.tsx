import { act, screen, waitFor, within } from '@testing-library/react';
import { analysisStatusQueries } from '@/api/analysis-status';
import { handOff, peekHandOff } from '@/lib/hand-off';
import { otherProfile, renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';

const sandbox = setupTestSandbox();
// The screen once before the tests (see warmUpRoute).
beforeAll(() => warmUpRoute(sandbox, '/analises', () => screen.getByLabelText('CPF')));

const cpfField = () => screen.getByRole('textbox', { name: 'CPF' });

/**
 * The CPF field or the results table, once there: waited for by its label, then checked for its role (a
 * role query with a name, tried on every change while the screen loads or answers, reads the style of
 * every candidate each time).
 */
async function findByLabel(label: string, role: string): Promise<HTMLElement> {
  const element = await screen.findByLabelText(label);
  expect(element).toHaveRole(role);
  return element;
}
const findCpfField = () => findByLabel('CPF', 'textbox');
const resultsTable = () => findByLabel('Propostas do CPF consultado', 'table');
const lookups = () => sandbox.store.stats().requestsPerEndpoint.analysisStatus;

async function lookUp(cpf: string, options: Parameters<typeof renderRoute>[1] = { sandbox }) {
  const view = renderRoute('/analises', options);
  await view.user.type(await findCpfField(), `${cpf}{Enter}`);
  return view;
}

describe('AnalysisStatusPage', () => {
  it('looks a CPF up with Enter and shows code, status, count and the time of the answer', async () => {
    const { router } = await lookUp('52998224725');
    const table = await resultsTable();
    expect(cpfField()).toHaveValue('529.982.247-25');
    const row = within(table)
      .getByRole('rowheader', { name: /PRP-2026-000123/ })
      .closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Aprovada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Propostas do CPF 529.982.247-25' })).toBeInTheDocument();
    expect(screen.getByText('1 proposta encontrada')).toBeInTheDocument();
    // The provider's page figures are support's business, not the analyst's.
    expect(screen.queryByText(/Total de registros|Itens por página|Página/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    // The CPF stays in memory: not in the location, its state or the title.
    expect(JSON.stringify(router.state.location)).not.toMatch(/52998224725|529\.982\.247-25/);
    expect(document.title).toBe('Análises por CPF · Cartões Back-office');
    expect(lookups()).toBe(1);
  });

  it('announces a refused CPF in a live region that was there before, and clears the last result', async () => {
    const { user, container } = await lookUp('52998224725');
    await resultsTable();
    const assertive = container.querySelector('[aria-live="assertive"]');
    const polite = container.querySelector('main [aria-live="polite"]');
    expect(polite).toHaveTextContent('Resultado da consulta: 1 proposta encontrada');
    expect(assertive).toHaveTextContent(/^$/);
    await user.clear(cpfField());
    await user.type(cpfField(), '5299822{Enter}');
    // The same element, now with the refusal: a region present before its text changes.
    expect(container.querySelector('[aria-live="assertive"]')).toBe(assertive);
    expect(assertive).toHaveTextContent('CPF: CPF incompleto: faltam 4 dígitos.');
    expect(screen.queryByRole('table', { name: 'Propostas do CPF consultado' })).not.toBeInTheDocument();
    expect(polite).toHaveTextContent(/^$/);
    expect(cpfField()).toHaveFocus();
  });

  it('accepts a pasted CPF with dots, dash and spaces', async () => {
    const { user } = renderRoute('/analises', { sandbox });
    await user.click(await findCpfField());
    await user.paste('  111.444.777-35  ');
    await user.keyboard('{Enter}');
    const table = await resultsTable();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['PRP-2026-000131', 'PRP-2026-000124']);
    expect(within(table).getByText('Em análise')).toBeInTheDocument();
    expect(within(table).getByText('Reprovada')).toBeInTheDocument();
    expect(screen.getByText('2 propostas encontradas')).toBeInTheDocument();
  });

  it.each([
    ['', 'Informe o CPF.'],
    ['5299822472', 'CPF incompleto: falta 1 dígito.'],
    ['529982', 'CPF incompleto: faltam 5 dígitos.'],
    ['52998224724', 'CPF inválido: os dígitos verificadores não conferem.'],
    ['11111111111', 'CPF inválido: os dígitos verificadores não conferem.'],
  ])('sends nothing for "%s" and says why next to the field', async (typed, message) => {
    const { user } = renderRoute('/analises', { sandbox });
    const field = await findCpfField();
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.title).toBe('Erro: Análises por CPF · Cartões Back-office');
    expect(lookups()).toBe(0);
    // Editing clears the complaint.
    await user.type(field, typed ? '{Backspace}' : '1');
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('says plainly when the CPF has no application', async () => {
    await lookUp('06247311974');
    expect(await screen.findByText('Nenhuma proposta para este CPF.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma proposta encontrada')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a 404 as "no application for this CPF", not as an error', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '404' });
    await lookUp('52998224725');
    expect(await screen.findByText('Nenhuma proposta para este CPF.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/^Atualizado às/)).toBeInTheDocument();
    expect(document.title).toBe('Análises por CPF · Cartões Back-office');
  });

  it('reads an unknown status as words, its code kept in the title, with string alertas', async () => {
    await lookUp('98765432100');
    const table = await resultsTable();
    expect(within(table).getByText('Aguardando biometria').closest('[title]')).toHaveAttribute(
      'title',
      'AGUARDANDO_BIOMETRIA',
    );
    const alerts = screen.getByRole('group', { name: 'Alertas informados pelo provedor' });
    expect(
      within(alerts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Biometria facial pendente no aplicativo', 'Prazo para biometria: 7 dias']);
  });

  it('shows object-shaped alertas by their message, the code after it', async () => {
    await lookUp('12345678909');
    const table = await resultsTable();
    expect(within(table).getByText('Pendente de documentação')).toBeInTheDocument();
    const alerts = screen.getByRole('group', { name: 'Alertas informados pelo provedor' });
    expect(
      within(alerts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Comprovante de renda ilegível (A01)', 'Comprovante de residência com mais de 90 dias (A07)']);
  });

  it('shows erros beside the results', async () => {
    await lookUp('39053344705');
    const table = await resultsTable();
    expect(within(table).getByText('Cancelada')).toBeInTheDocument();
    const errors = screen.getByRole('group', { name: 'Erros informados pelo provedor' });
    expect(errors).toHaveTextContent('Divergência de dados cadastrais na Receita Federal (E12)');
  });

  it('shows sucesso: false as such, without claiming there is no application', async () => {
    await lookUp('45317828791');
    expect(
      await screen.findByText('O provedor informou que a consulta não teve sucesso.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Consulta sem sucesso')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Erros informados pelo provedor' })).toHaveTextContent(
      'Não foi possível consultar o bureau de crédito.',
    );
    expect(screen.queryByText('Nenhuma proposta para este CPF.')).not.toBeInTheDocument();
  });

  it('without paging configured: "10 de 25" and why, in the analyst’s words; the figures for support', async () => {
    const { user } = await lookUp('27548360983');
    const table = await resultsTable();
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByText('10 de 25 propostas')).toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      /^Aparecem 10 de 25 propostas: o provedor as entrega em páginas, e esta instalação só está preparada para pedir a primeira\. Para ver as demais, peça ao suporte/,
    );
    // The page figures and the key, folded away for support.
    const details = within(note).getByText('Detalhes técnicos (para o suporte)').closest('details');
    expect(details).not.toHaveAttribute('open');
    await user.click(within(note).getByText('Detalhes técnicos (para o suporte)'));
    expect(details).toHaveTextContent(
      'numeroDaPagina 1, tamanhoDaPagina 10, totalDePaginas 3, totalDeRegistros 25, resultados 10',
    );
    expect(details).toHaveTextContent('analysisStatusPaging não está no config.json');
    expect(lookups()).toBe(1);
  });

  it('with paging configured: every page, one after another, "25 de 25"; the CPF only in the path', async () => {
    const paged = otherProfile('paged');
    sandbox.server.use(...paged.handlers);
    const urls: string[] = [];
    const record = ({ request }: { request: Request }) => void urls.push(request.url);
    sandbox.server.events.on('request:start', record);
    try {
      await lookUp('27548360983', {
        sandbox,
        config: {
          analysisStatusPaging: {
            pageParameter: 'pagina',
            firstPage: 0,
            pageSizeParameter: 'tamanho',
            pageSize: 20,
            maxPages: 10,
          },
        },
      });
      const table = await resultsTable();
      expect(within(table).getAllByRole('rowheader')).toHaveLength(25);
      expect(screen.getByText('25 de 25 propostas')).toBeInTheDocument();
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
    } finally {
      sandbox.server.events.removeListener('request:start', record);
    }
    expect(urls.map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
      '/api/v1/cards/request/27548360983/?pagina=0&tamanho=20',
      '/api/v1/cards/request/27548360983/?pagina=1&tamanho=20',
    ]);
    expect(paged.store.stats().statusLookupsPerCpf).toEqual({ '27548360983': 2 });
  });

  it('with paging configured and a cap: "20 de 25" and the cap, in words', async () => {
    sandbox.server.use(...otherProfile('paged').handlers);
    await lookUp('27548360983', {
      sandbox,
      config: { analysisStatusPaging: { pageParameter: 'pagina', firstPage: 0, maxPages: 2 } },
    });
    expect(within(await resultsTable()).getAllByRole('rowheader')).toHaveLength(20);
    expect(screen.getByText('20 de 25 propostas')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      /^Aparecem 20 de 25 propostas: cada consulta lê no máximo 2 páginas, o limite definido para esta instalação\./,
    );
  });

  it('with paging the provider ignores: stops at the repeated page and says the setting does not match', async () => {
    // The default profile answers the first page whatever the query says.
    await lookUp('27548360983', {
      sandbox,
      config: { analysisStatusPaging: { pageParameter: 'page', firstPage: 1, maxPages: 10 } },
    });
    expect(within(await resultsTable()).getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByText('10 de 25 propostas')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/o provedor devolveu de novo propostas já lidas/);
    expect(lookups()).toBe(2);
  });

  it('an empty answer shows no page figures at all (no "Página 1" beside "0 páginas")', async () => {
    await lookUp('06247311974');
    expect(await screen.findByText('Nenhuma proposta para este CPF.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma proposta encontrada')).toBeInTheDocument();
    expect(screen.queryByText(/Página|páginas/)).not.toBeInTheDocument();
  });

  it('shows the message of a 400 Error object next to the field', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '400' });
    await lookUp('52998224725');
    await waitFor(() => expect(cpfField()).toHaveAccessibleDescription('CPF inválido'));
    expect(cpfField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(document.title).toBe('Erro: Análises por CPF · Cartões Back-office');
  });

  it('shows a 500 with its message and recovers with the retry button', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '500', times: 1 });
    const { user } = await lookUp('52998224725');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível consultar as análises');
    expect(alert).toHaveTextContent('Tente novamente mais tarde');
    expect(document.title).toBe('Erro: Análises por CPF · Cartões Back-office');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await resultsTable()).toHaveTextContent('PRP-2026-000123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(lookups()).toBe(2);
  });

  it('retries a 500 by itself and shows the data without an error', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '500', times: 2 });
    await lookUp('52998224725', { sandbox, retries: true });
    expect(await resultsTable()).toHaveTextContent('PRP-2026-000123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(lookups()).toBe(3);
  });

  it('says how long to wait after a 429 with Retry-After', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '429', retryAfterSeconds: 12 });
    await lookUp('52998224725');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitos pedidos em pouco tempo. Aguarde 12 s e tente novamente.',
    );
  });

  it('says the answer came in an unexpected form, and names the field under the details', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: 'schemaDrift' });
    await lookUp('52998224725');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A resposta do provedor veio num formato inesperado.');
    expect(
      within(alert)
        .getByText(/Campo fora do contrato: conteudo\./)
        .closest('details'),
    ).not.toBeNull();
  });

  it('shows script-like provider text literally', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: 'xssData' });
    await lookUp('52998224725');
    const table = await resultsTable();
    expect(within(table).getAllByText(/<img src=x onerror=window.__x=1>/).length).toBeGreaterThan(0);
    expect(document.querySelector('main img, section img')).toBeNull();
    expect(screen.getByRole('group', { name: 'Alertas informados pelo provedor' })).toHaveTextContent(
      '<script>window.__x=1</script>',
    );
  });

  it('never lets a slow answer for an earlier CPF replace the CPF now on screen', async () => {
    // The first lookup (A) answers after 1.5 s; the second (B) at once.
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: 'delay', delayMs: 1500 });
    const { user, queryClient, services } = renderRoute('/analises', { sandbox });
    const field = await findCpfField();
    await user.type(field, '52998224725{Enter}');
    await waitFor(() => expect(lookups()).toBe(1));
    await user.clear(field);
    await user.type(field, '11144477735{Enter}');
    expect(await resultsTable()).toHaveTextContent('PRP-2026-000131');

    // Wait until A's request has settled one way or another (answered, or cancelled as nobody shows it).
    const keyA = analysisStatusQueries.lookup(services.http, '52998224725', undefined).queryKey;
    await waitFor(() => expect(queryClient.getQueryState(keyA)?.fetchStatus).toBe('idle'));
    // Whatever A's fate, it can only land in A's own cache entry; B stays on screen.
    expect(screen.getByRole('heading', { name: 'Propostas do CPF 111.444.777-35' })).toBeInTheDocument();
    expect(await resultsTable()).toHaveTextContent('PRP-2026-000131');
    expect(screen.queryByText('PRP-2026-000123')).not.toBeInTheDocument();
    expect(cpfField()).toHaveValue('111.444.777-35');
  });

  it('looks up a CPF handed over by the credit application, without putting it in the address', async () => {
    const state = handOff('analysisStatus', { cpf: '52998224725' });
    const { router } = renderRoute('/analises', { sandbox, state });
    expect(await resultsTable()).toHaveTextContent('PRP-2026-000123');
    expect(cpfField()).toHaveValue('529.982.247-25');
    expect(JSON.stringify(router.state.location)).not.toContain('52998224725');
    // Taken once: Back and Forward to this entry do not look it up again.
    expect(peekHandOff('analysisStatus', state)).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Consultar de novo o CPF ***.***.*47-25' }),
    ).toBeInTheDocument();
  });

  it('keeps recent lookups masked, newest first, and repeats one with a click', async () => {
    const { user } = await lookUp('52998224725');
    await resultsTable();
    await user.clear(cpfField());
    await user.type(cpfField(), '98765432100{Enter}');
    expect(await screen.findByText('Aguardando biometria')).toBeInTheDocument();
    await user.clear(cpfField());
    await user.type(cpfField(), '52998224725{Enter}');
    await screen.findByText('Aprovada');

    const recent = screen.getByRole('complementary', { name: 'Consultas recentes desta aba' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['***.***.*47-25', '***.***.*21-00']);
    expect(recent).not.toHaveTextContent('529.982');
    await user.click(within(recent).getByRole('button', { name: 'Consultar de novo o CPF ***.***.*21-00' }));
    expect(await screen.findByText('Aguardando biometria')).toBeInTheDocument();
    expect(cpfField()).toHaveValue('987.654.321-00');
    expect(within(recent).getAllByRole('button')[0]).toHaveTextContent('***.***.*21-00');
  });

  it('copies a tracking code and confirms it; a refused clipboard is explained', async () => {
    const { user } = await lookUp('52998224725');
    const table = await resultsTable();
    await user.click(within(table).getByRole('button', { name: 'Copiar o código PRP-2026-000123' }));
    expect(await within(table).findByText('Copiado')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('PRP-2026-000123');

    const refuse = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(within(table).getByRole('button', { name: 'Copiar o código PRP-2026-000123' }));
    expect(
      await within(table).findByText('Não foi possível copiar; selecione o código e use Ctrl+C.'),
    ).toBeInTheDocument();
    refuse.mockRestore();
  });

  it('refreshes by itself while on, and not once switched off', async () => {
    // Only intervals are faked: the refresh runs on one; requests and user events keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { user } = await lookUp('52998224725');
      await resultsTable();
      expect(lookups()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await vi.waitFor(() => expect(lookups()).toBe(2));
      await user.click(screen.getByRole('switch', { name: /Atualizar a cada 30 s/ }));
      expect(screen.getByRole('switch')).not.toBeChecked();
      await act(() => vi.advanceTimersByTimeAsync(90_000));
      expect(lookups()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks English when chosen', async () => {
    renderRoute('/analises', { sandbox, language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Analyses by CPF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Look up' })).toBeInTheDocument();
  });
});
