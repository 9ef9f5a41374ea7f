import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/api/session';
import { formatCpf } from '@/lib/cpf';
import { seededAnalysisCpfs, seededCpfs } from '@/test/sandbox-data';
import { otherProfile, renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
import { batchText, batchView } from './batch-store';

const sandbox = setupTestSandbox();
beforeAll(async () => {
  // The screen once before the tests (see warmUpRoute).
  await warmUpRoute(sandbox, '/analises/lote', () => screen.getByLabelText('CPFs'));
  // The leave dialog is a lazy chunk of its own: its first import is not what a test waits for.
  await import('./batch-leave-dialog');
  // So is the CSV writer, loaded on the first export.
  await import('@/lib/csv');
});

/** The longest client time-out the config allows: a hung lookup outlives any test. */
const HANG_TIMEOUT_MS = 120_000;

const lookupsOf = (cpf: string) => sandbox.store.stats().statusLookupsPerCpf[cpf] ?? 0;
const allLookups = () => sandbox.store.stats().requestsPerEndpoint.analysisStatus;
/**
 * The results table, by its label on a `<table>`: a role query reads the style of every table and its
 * ancestors, and this one is polled (bodyRows below).
 */
const table = () => screen.getByLabelText('Resultados da consulta em lote', { selector: 'table' });
const progressText = () => screen.getByTestId('batch-progress');

async function openWith(text: string, options: Partial<Parameters<typeof renderRoute>[1]> = {}) {
  const view = renderRoute('/analises/lote', { sandbox, ...options });
  // Waited for by its label, then checked as a text box: a role query with a name, tried on every
  // change while the screen loads, reads the style of every candidate each time.
  const list = await screen.findByLabelText('CPFs');
  expect(list).toHaveRole('textbox');
  await view.user.click(list);
  await view.user.paste(text);
  return view;
}

/**
 * Runs `steps` with setTimeout on a fake clock that keeps pace with real time, and that
 * `waitOnFakeClock` moves on faster: the batch's pauses (its backoff, a Retry-After) and the progress it
 * publishes every 250 ms pass on it, so the test waits for the attempts, not for the pauses between
 * them. Requests, renders and waitFor's polling keep real time. The batch must be idle at the end (no
 * request under way): the clock goes back to real time once its pending timers have run.
 */
async function onFakeClock(steps: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    await steps();
    await act(() => vi.runOnlyPendingTimersAsync());
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Waits for `check`, moving the fake clock on 250 ms before each try (some five times real time).
 * waitFor's own time-out runs on that clock too: 20 s of it are some 4 s of real time. The client's
 * time-out must be out of reach (HANG_TIMEOUT_MS), or the clock moved on here would end a request.
 */
function waitOnFakeClock(check: () => void) {
  return waitFor(
    async () => {
      await vi.advanceTimersByTimeAsync(250);
      check();
    },
    { timeout: 20_000 },
  );
}

/**
 * The text of every body row's cells (role cell), then of its row header, joined by " | ". By the
 * table's own rows and cells: role queries read the style of every cell's ancestors, and this is polled.
 * The body rows are those with a row index (not the virtualizer's hidden spacer rows).
 */
function bodyRows(): string[] {
  const element = table();
  if (!(element instanceof HTMLTableElement)) throw new Error('the results table is not a <table>');
  return [...element.tBodies]
    .flatMap((body) => [...body.rows])
    .filter((row) => row.hasAttribute('aria-rowindex'))
    .map((row) => {
      const cells = [...row.cells];
      return cells
        .filter((cell) => cell.tagName === 'TD')
        .concat(cells.filter((cell) => cell.tagName === 'TH'))
        .map((cell) => cell.textContent)
        .join(' | ');
    });
}

describe('AnalysisBatchPage', () => {
  /** A pasted list with headers, separators, repeats and invalid lines: 10 valid CPFs, 8 to ask. */
  async function openMixedList() {
    const batch = seededAnalysisCpfs(6);
    sandbox.store.reset({ seedAnalyses: 6 });
    const list = [
      'CPF',
      `${formatCpf(seededCpfs.approved)}; ${seededCpfs.underReviewAndDeclined}`,
      `${batch[0]}\t${formatCpf(batch[1]!)}`,
      '529.982.247-26', // wrong check digit
      `  ${batch[2]}, ${batch[3]}  ${batch[4]}`,
      seededCpfs.approved, // repeat
      '6247311974', // a CPF that lost its leading zero
      formatCpf(batch[1]!), // repeat
      seededCpfs.freshApproves, // no applications
    ].join('\n');
    const { user } = await openWith(list);
    return { batch, user };
  }

  it('checks a mixed list before sending anything: what is valid, invalid (and why) or repeated', async () => {
    await openMixedList();
    expect(await screen.findByText('10 válidos · 2 inválidos · 2 repetidos')).toBeInTheDocument();
    const invalid = screen.getByRole('group', { name: 'Não serão consultados' });
    expect(invalid).toHaveTextContent('Linha 4: 529.982.247-26 — os dígitos verificadores não conferem');
    expect(invalid).toHaveTextContent(
      'Linha 7: 6247311974 — 10 dígitos: parece um CPF que perdeu os zeros à esquerda numa planilha (seria 062.473.119-74)',
    );
    expect(allLookups()).toBe(0);
  });

  it('asks each valid CPF of a mixed list once and shows every code, masked until asked', async () => {
    const { batch, user } = await openMixedList();
    await user.click(await screen.findByRole('button', { name: 'Consultar 8 CPFs' }));
    await waitFor(() => expect(progressText()).toHaveTextContent(/^8 de 8 consultados · Concluída em/));
    // Every valid CPF asked exactly once; the invalid ones never.
    for (const cpf of [
      seededCpfs.approved,
      seededCpfs.underReviewAndDeclined,
      ...batch.slice(0, 5),
      seededCpfs.freshApproves,
    ])
      expect(lookupsOf(cpf)).toBe(1);
    expect(allLookups()).toBe(8);

    await waitFor(() => expect(bodyRows().join('\n')).toContain('PRP-2026-000123'));
    const rows = bodyRows();
    // Two analyses for 11144477735: a row each. Batch CPFs: one to three codes each.
    expect(rows.filter((row) => row.includes('***.***.*77-35'))).toHaveLength(2);
    for (const code of sandbox.store.analysisPage(batch[4]!).conteudo.resultados)
      expect(rows.join('\n')).toContain(code.CodigoParaAcompanhamento);
    expect(rows.find((row) => row.includes('***.***.*19-74'))).toContain('Sem propostas');
    // Masked by default; shown on request.
    expect(rows.join('\n')).not.toContain('529.982.247-25');
    await user.click(screen.getByRole('switch', { name: 'Mostrar CPFs completos' }));
    await waitFor(() => expect(within(table()).getAllByText('529.982.247-25')).toHaveLength(1));
  });

  it('counts per status filter the table, and the text filter finds a CPF by its digits', async () => {
    const { user } = await openWith(
      [
        seededCpfs.approved,
        seededCpfs.underReviewAndDeclined,
        seededCpfs.withErrors,
        seededCpfs.freshDeclines,
      ].join('\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Consultar 4 CPFs' }));
    await waitFor(() => expect(progressText()).toHaveTextContent(/^4 de 4 consultados/));
    const filters = screen.getByRole('group', { name: 'Filtrar por status' });
    // The results follow the progress a render behind.
    expect(await within(filters).findByRole('button', { name: 'Todos 5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(await within(filters).findByRole('button', { name: 'Reprovada 1' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toContain('PRP-2026-000124');
    await user.click(within(filters).getByRole('button', { name: 'Todos 5' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar resultados' }), '390533');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toContain('Erro: Divergência de dados cadastrais na Receita Federal (E12)');
  });

  it('retries a 5xx twice with its own backoff (the query does not retry on top), then offers to try again', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '503', times: 3 });
    // The app's query client, retries and all: the batch must still send one request per attempt (had
    // the query retried too, its first attempt would have used all three faults and the second passed).
    const { user } = await openWith(seededCpfs.approved, {
      retries: true,
      config: { requestTimeoutMs: HANG_TIMEOUT_MS },
    });
    // The backoff's pauses (0.5 s, then 1 s) pass on a fake clock.
    await onFakeClock(async () => {
      await user.click(screen.getByRole('button', { name: 'Consultar 1 CPF' }));
      await waitOnFakeClock(() => expect(progressText()).toHaveTextContent(/^1 de 1 consultados · 1 falhou/));
    });
    expect(lookupsOf(seededCpfs.approved)).toBe(3);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toMatch(
      /Falhou \| — \| O provedor está indisponível no momento\. Tente novamente em instantes\..*\(3 tentativas\)/,
    );

    await user.click(screen.getByRole('button', { name: 'Tentar de novo a que falhou' }));
    await waitFor(() => expect(progressText()).toHaveTextContent(/^1 de 1 consultados · Concluída/));
    expect(lookupsOf(seededCpfs.approved)).toBe(4);
    await waitFor(() => expect(bodyRows()[0]).toContain('PRP-2026-000123'));
  });

  it('waits for Retry-After on a 429 and asks the refused CPF again', async () => {
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: '429', times: 1, retryAfterSeconds: 1 });
    const { user } = await openWith(`${seededCpfs.approved}\n${seededCpfs.unknownStatus}`, {
      config: { batchConcurrency: 1, requestTimeoutMs: HANG_TIMEOUT_MS },
    });
    // The pause (1 s) passes on a fake clock.
    await onFakeClock(async () => {
      await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
      expect(
        await screen.findByText(/O provedor pediu uma pausa \(muitos pedidos em pouco tempo\)/),
      ).toBeInTheDocument();
      // Nothing else is sent during the pause.
      expect(allLookups()).toBe(1);
      await waitOnFakeClock(() =>
        expect(progressText()).toHaveTextContent(/^2 de 2 consultados · Concluída/),
      );
    });
    expect(lookupsOf(seededCpfs.approved)).toBe(2);
    expect(lookupsOf(seededCpfs.unknownStatus)).toBe(1);
    await waitFor(() => expect(bodyRows().join('\n')).toContain('Aguardando biometria'));
  });

  it('"Parar" aborts what is in flight and drops the rest; "Continuar" finishes them', async () => {
    const cpfs = seededAnalysisCpfs(6);
    sandbox.store.reset({ seedAnalyses: 6 });
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: 'hang', times: 2 });
    // No client time-out while they hang, however slow the machine: only "Parar" ends them.
    const { user } = await openWith(cpfs.join('\n'), {
      config: { batchConcurrency: 2, requestTimeoutMs: HANG_TIMEOUT_MS },
    });
    await user.click(screen.getByRole('button', { name: 'Consultar 6 CPFs' }));
    await waitFor(() => expect(allLookups()).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Parar' }));
    expect(progressText()).toHaveTextContent('0 de 6 consultados · 6 interrompidos');
    await waitFor(() => expect(bodyRows()).toHaveLength(6));
    expect(bodyRows().every((row) => row.includes('Não consultado'))).toBe(true);
    // Nothing more went out after the stop.
    expect(allLookups()).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Continuar as 6 interrompidas' }));
    await waitFor(() => expect(progressText()).toHaveTextContent(/^6 de 6 consultados · Concluída/));
    expect(allLookups()).toBe(8);
  });

  it('follows the paging reading: without it, one row note says how many are beyond the first page', async () => {
    const { user } = await openWith(`${seededCpfs.paginated}\n${seededCpfs.approved}`);
    await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
    await waitFor(() => expect(progressText()).toHaveTextContent(/^2 de 2 consultados · Concluída/));
    await waitFor(() => expect(bodyRows()).toHaveLength(11));
    const paginated = bodyRows().filter((row) => row.includes('***.***.*09-83'));
    expect(paginated).toHaveLength(10);
    // Said once for the CPF, on its first row.
    expect(paginated.filter((row) => row.includes('Mais 15 propostas além da primeira página'))).toHaveLength(
      1,
    );
    expect(paginated[0]).toContain(
      'Mais 15 propostas além da primeira página (esta instalação só lê a primeira).',
    );
  });

  it('follows the paging reading: with it, every analysis of every page, up to the cap', async () => {
    const paged = otherProfile('paged');
    sandbox.server.use(...paged.handlers);
    const { user } = await openWith(`${seededCpfs.paginated}\n${seededCpfs.approved}`, {
      config: { analysisStatusPaging: { pageParameter: 'pagina', firstPage: 0, maxPages: 2 } },
    });
    await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
    await waitFor(() => expect(progressText()).toHaveTextContent(/^2 de 2 consultados · Concluída/));
    await waitFor(() => expect(bodyRows()).toHaveLength(21));
    const paginated = bodyRows().filter((row) => row.includes('***.***.*09-83'));
    expect(new Set(paginated.map((row) => /PRP-[\d-]+/.exec(row)?.[0])).size).toBe(20);
    expect(paginated[0]).toContain('Mais 5 propostas além do limite de 2 páginas por consulta.');
    // Two pages of the paginated CPF, one of the other.
    expect(paged.store.stats().statusLookupsPerCpf).toEqual({
      [seededCpfs.paginated]: 2,
      [seededCpfs.approved]: 1,
    });
  });

  it('opens a row’s CPF in the single lookup by hand-off, never through the URL', async () => {
    const { user, router } = await openWith(seededCpfs.approved);
    await user.click(screen.getByRole('button', { name: 'Consultar 1 CPF' }));
    // Waited for by their label or text, then checked for their role (polled role queries with a name
    // read the style of every candidate each time).
    const open = await screen.findByLabelText('Abrir o CPF ***.***.*47-25 na consulta individual');
    expect(open).toHaveRole('link');
    await user.click(open);
    expect(await screen.findByText('Propostas do CPF 529.982.247-25')).toHaveRole('heading');
    expect(router.state.location.pathname).toBe('/analises');
    expect(JSON.stringify(router.state.location)).not.toMatch(/52998224725|529\.982\.247-25/);
    // The batch is still there on its tab.
    await user.click(screen.getByRole('link', { name: 'Em lote' }));
    expect(await screen.findByText(/^1 de 1 consultados/)).toBeInTheDocument();
  });

  /** The question before leaving, waited for by its title (a polled role query per change is costly). */
  async function findLeaveDialog() {
    const title = 'A consulta em lote ainda está em andamento';
    const dialog = (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]');
    expect(dialog).toHaveAccessibleName(title);
    return dialog!;
  }

  it('asks before leaving the screen while a batch runs (not between its tabs); leaving stops it', async () => {
    // Answers that never come (until the faults are cleared), however slow the machine is.
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: 'hang', times: 0 });
    // Nor a client time-out: three of them (two retries) would end the batch before a slow test ends.
    const { user, router } = await openWith(`${seededCpfs.approved}\n${seededCpfs.unknownStatus}`, {
      config: { requestTimeoutMs: HANG_TIMEOUT_MS },
    });
    await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
    await waitFor(() => expect(allLookups()).toBe(2));
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });

    await user.click(within(nav).getByRole('link', { name: 'Produtos' }));
    const dialog = await findLeaveDialog();
    expect(dialog).toHaveTextContent('Faltam 2 de 2 CPFs.');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar aqui' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/analises/lote');

    // The other tab is the same screen: no question, and the batch goes on.
    await user.click(screen.getByRole('link', { name: 'Um CPF' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Em lote (0 de 2)' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Produtos' }));
    const again = await findLeaveDialog();
    await user.click(within(again).getByRole('button', { name: 'Parar e sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'));
    expect(batchView.get()?.progress).toMatchObject({ active: false, stopped: 2 });
    sandbox.store.faults.clear();
  });

  it('counts a pasted line that is not a CPF ("abc") as invalid, with its line', async () => {
    await openWith(`CPF\n${formatCpf(seededCpfs.approved)}\nabc\n${seededCpfs.freshApproves}`);
    expect(await screen.findByText('2 válidos · 1 inválido · 0 repetidos')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Não serão consultados' })).toHaveTextContent(
      'Linha 3: abc — não é um CPF (nenhum dígito)',
    );
    expect(screen.getByRole('button', { name: 'Consultar 2 CPFs' })).toBeEnabled();
  });

  describe('CSV', () => {
    const created: Blob[] = [];
    const original = Object.getOwnPropertyDescriptors(URL);
    beforeEach(() => {
      created.length = 0;
      URL.createObjectURL = (blob: Blob) => {
        created.push(blob);
        return 'blob:test';
      };
      URL.revokeObjectURL = () => undefined;
    });
    afterEach(() => Object.defineProperties(URL, original));
    const csvLines = async () => {
      await waitFor(() => expect(created).toHaveLength(1));
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await created[0]!.arrayBuffer());
      expect(text.startsWith('\uFEFF')).toBe(true);
      return text.slice(1).split('\r\n');
    };
    const header =
      'Linha;CPF;Código para acompanhamento;Status;Código do status;Situação;Erros;Alertas;Motivo da falha;Observações';

    it('asks how CPFs go in (masked as on screen by default), then exports every row, the invalid entries and the page notes', async () => {
      const { user } = await openWith(`${seededCpfs.paginated}\n${seededCpfs.freshApproves}\n123\nabc`);
      await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
      await waitFor(() => expect(progressText()).toHaveTextContent(/Concluída/));
      const exportButton = screen.getByRole('button', { name: 'Exportar CSV' });
      await waitFor(() => expect(exportButton).toBeEnabled());
      await user.click(exportButton);
      const dialog = await screen.findByRole('dialog', { name: 'Exportar CSV' });
      // No filter: no choice of rows, but what the file holds is said.
      expect(dialog).toHaveTextContent(
        'Todas as 11 linhas da consulta. Também as 2 entradas da lista que não são CPFs.',
      );
      expect(within(dialog).getByRole('radio', { name: /^Mascarados, como na tela/ })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      const lines = await csvLines();
      expect(lines[0]).toBe(header);
      // The note about the analyses beyond the first page, once, on the CPF's first row.
      expect(lines[1]).toMatch(
        /^1;\*\*\*\.\*\*\*\.\*09-83;PRP-[\d-]+;[^;]+;[A-Z_]+;Com propostas;;;;Mais 15 propostas além da primeira página \(esta instalação só lê a primeira\)\.$/,
      );
      expect(lines.slice(2, 11).every((line) => /^1;\*\*\*\.\*\*\*\.\*09-83;.*;$/.test(line))).toBe(true);
      expect(lines.slice(11)).toEqual([
        '2;***.***.*19-74;;;;Sem propostas;;;;',
        '3;123;;;;CPF inválido (não consultado);;;3 dígitos (um CPF tem 11);',
        '4;***;;;;CPF inválido (não consultado);;;não é um CPF (nenhum dígito);',
      ]);
      expect(lines.join('\n')).not.toContain(formatCpf(seededCpfs.paginated));
    });

    it('masked, the file holds no CPF or name: not a name pasted alone on a line, nor in the provider’s notes and messages', async () => {
      const other = seededCpfs.freshApproves;
      sandbox.server.use(
        http.get(`${sandbox.baseUrl}/v1/cards/request/:cpf/`, ({ params }) =>
          params.cpf === seededCpfs.approved
            ? HttpResponse.json({
                conteudo: {
                  numeroDaPagina: 1,
                  tamanhoDaPagina: 10,
                  totalDePaginas: 1,
                  totalDeRegistros: 1,
                  resultados: [{ CodigoParaAcompanhamento: 'PRP-2026-000900', Status: 'APROVADO' }],
                  erros: [`Titular ${formatCpf(other)} com cadastro divergente`],
                  alertas: [`Cônjuge CPF ${other}`],
                  sucesso: true,
                },
              })
            : HttpResponse.json(
                { message: `CPF ${other} bloqueado`, error: 'Forbidden', statusCode: 403 },
                { status: 403 },
              ),
        ),
      );
      const { user } = await openWith(
        `${seededCpfs.approved}\n${seededCpfs.underReviewAndDeclined}\nMaria José da Silva`,
      );
      await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
      await waitFor(() => expect(progressText()).toHaveTextContent(/Concluída/));
      const exportButton = screen.getByRole('button', { name: 'Exportar CSV' });
      await waitFor(() => expect(exportButton).toBeEnabled());
      await user.click(exportButton);
      const dialog = await screen.findByRole('dialog', { name: 'Exportar CSV' });
      expect(within(dialog).getByRole('radio', { name: /^Mascarados, como na tela/ })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      const lines = await csvLines();
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain('Titular ***.***.***-** com cadastro divergente');
      expect(lines[1]).toContain('Cônjuge CPF ***********');
      expect(lines[2]).toContain('CPF *********** bloqueado');
      expect(lines[3]).toMatch(/^3;\*\*\*\*\* \*\*\*\* \*\* \*\*\*\*\*;/);
      const file = lines.join('\n');
      expect(file).not.toMatch(/\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2}/);
      expect(file).not.toContain('Maria');
    });

    it('with a filter on, says so and exports its rows or every row, as chosen; whole CPFs when chosen', async () => {
      const { user } = await openWith(`${seededCpfs.approved}\n${seededCpfs.underReviewAndDeclined}`);
      await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
      await waitFor(() => expect(progressText()).toHaveTextContent(/Concluída/));
      const filters = screen.getByRole('group', { name: 'Filtrar por status' });
      await user.click(await within(filters).findByRole('button', { name: 'Reprovada 1' }));
      await waitFor(() => expect(bodyRows()).toHaveLength(1));

      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      let dialog = await screen.findByRole('dialog', { name: 'Exportar CSV' });
      expect(dialog).toHaveTextContent('A tabela está filtrada (Reprovada): mostra 1 de 3 linhas.');
      expect(within(dialog).getByRole('radio', { name: 'Só a linha do filtro (1)' })).toBeChecked();
      await user.click(within(dialog).getByRole('radio', { name: /^Completos/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      expect(await csvLines()).toEqual([
        header,
        '2;111.444.777-35;PRP-2026-000124;Reprovada;REPROVADO;Com propostas;;;;',
      ]);

      created.length = 0;
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      dialog = await screen.findByRole('dialog', { name: 'Exportar CSV' });
      await user.click(within(dialog).getByRole('radio', { name: 'Todas as 3 linhas da consulta.' }));
      await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
      expect(await csvLines()).toHaveLength(4);
    });
  });

  it('prints the filter’s rows when chosen, and the paper says which, with CPFs as chosen', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'print');
    let printed = 0;
    window.print = () => void (printed += 1);
    try {
      const { user } = await openWith(`${seededCpfs.approved}\n${seededCpfs.underReviewAndDeclined}\nabc`);
      await user.click(screen.getByRole('button', { name: 'Consultar 2 CPFs' }));
      await waitFor(() => expect(progressText()).toHaveTextContent(/Concluída/));
      const filters = screen.getByRole('group', { name: 'Filtrar por status' });
      await user.click(await within(filters).findByRole('button', { name: 'Aprovada 1' }));
      await user.click(screen.getByRole('button', { name: 'Imprimir' }));
      const dialog = await screen.findByRole('dialog', { name: 'Imprimir' });
      expect(dialog).toHaveTextContent('A tabela está filtrada (Aprovada): mostra 1 de 3 linhas.');
      await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
      await waitFor(() => expect(printed).toBe(1));
      expect(screen.getByTestId('print-selection')).toHaveTextContent(
        'Filtro: Aprovada · 1 de 3 linhas. CPFs mascarados.',
      );
      const paper = screen.getByTestId('print-selection').closest('.print-only') as HTMLElement;
      // The paper is hidden on screen (no roles there): its rows by their element.
      const rows = paper.querySelectorAll('tr');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toHaveTextContent('***.***.*47-25');
      expect(rows[1]).toHaveTextContent('Aprovada');
      // The entries that were not CPFs go with every row only.
      expect(within(paper).queryByText(/abc/)).not.toBeInTheDocument();
    } finally {
      if (original) Object.defineProperty(window, 'print', original);
    }
  });

  it('keeps the batch in memory only, and signing out empties it', async () => {
    const { user, router } = await openWith(seededCpfs.approved);
    await user.click(screen.getByRole('button', { name: 'Consultar 1 CPF' }));
    await screen.findByText(/^1 de 1 consultados/);
    expect(JSON.stringify(router.state.location)).not.toMatch(/52998224725/);
    expect(document.title).not.toMatch(/\d{3}/);
    act(() => session.signOut());
    expect(batchView.get()).toBeNull();
    expect(batchText.get()).toBe('');
  });

  it('refuses a list of more than 1,000 CPFs', async () => {
    renderRoute('/analises/lote', { sandbox });
    act(() => batchText.set(seededAnalysisCpfs(1001).join('\n')));
    expect(
      await screen.findByText(
        'A lista tem 1.001 CPFs diferentes; o limite é 1.000 por lote. Divida a lista e consulte uma parte de cada vez.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Consultar 1.001 CPFs' })).toBeDisabled();
  });
});
