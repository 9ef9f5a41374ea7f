import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { startDraft } from '@/test/wizard-route';
import { typedApplication } from '@/test/sample-application';

/**
 * (The print layout is `display: none` on screen, so its roles are queried with `hidden: true`.)
 *
 * "Imprimir resumo": the print layout of the same page, with the review's rows, a draft before the send
 * and a receipt after it. The browser's dialog is recorded (jsdom has none); the layout on paper, the
 * pages and the PDF are checked end to end (e2e/print-summary.spec.ts).
 */

const sandbox = setupTestSandbox();

let printed = 0;
beforeEach(() => {
  printed = 0;
  window.print = () => {
    printed += 1;
  };
});

/** Label–value pairs: the review's `dt`/`dd` on screen, the summary's row header and cell on paper. */
function screenPairs(): string[] {
  return [...document.querySelectorAll('main dl dt')].map(
    (label) => `${label.textContent} = ${label.nextElementSibling?.textContent}`,
  );
}
function paperPairs(paper: HTMLElement): string[] {
  return within(paper)
    .getAllByRole('row', { hidden: true })
    .map(
      (row) =>
        `${within(row).getByRole('rowheader', { hidden: true }).textContent} = ${within(row).getByRole('cell', { hidden: true }).textContent}`,
    );
}

async function openReview() {
  startDraft(typedApplication());
  renderRoute('/proposta/nova/revisao', { sandbox });
  await screen.findByText('Nenhuma análise anterior para este CPF.');
  return userEvent.setup();
}

// The review once before the tests (see warmUp).
beforeAll(() => warmUp(sandbox, openReview));

describe('the printed summary of a credit application', () => {
  it('before the send: a draft with every row of the review, the declaration and two signature lines', async () => {
    const user = await openReview();
    expect(screen.queryByTestId('application-print')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Imprimir resumo' }));
    const paper = await screen.findByTestId('application-print');
    await waitFor(() => expect(printed).toBe(1));
    expect(within(paper).getByRole('heading', { level: 1, hidden: true })).toHaveTextContent(
      'Resumo da proposta de crédito',
    );
    expect(within(paper).getByText('Rascunho — não enviado')).toBeInTheDocument();
    expect(within(paper).queryByText(/^Enviada em/)).not.toBeInTheDocument();
    const pairs = paperPairs(paper);
    expect(pairs).toEqual(screenPairs());
    expect(pairs).toContain('Nome completo = Maria da Conceição Souza');
    expect(within(paper).getAllByTestId('signature-line')).toHaveLength(2);
    expect(within(paper).getAllByTestId('signature-line')[0]).toHaveTextContent(
      'Assinatura do clienteMaria da Conceição Souza · CPF 062.473.119-74',
    );
    // Nothing but what the review shows: not the request body the screen offers to unfold.
    expect(within(paper).queryByText(/"portador"/)).not.toBeInTheDocument();

    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(screen.queryByTestId('application-print')).not.toBeInTheDocument());
  });

  it("the browser's own print (Ctrl+P) lays the summary out before the page is printed", async () => {
    await openReview();
    fireEvent(window, new Event('beforeprint'));
    // Synchronously: the browser lays the page out right after this event.
    expect(screen.getByTestId('application-print')).toBeInTheDocument();
    expect(printed).toBe(0);
  });

  it('after the send: the time it was sent and the tracking code, from the values sent', async () => {
    const user = await openReview();
    await user.click(screen.getByRole('button', { name: 'Enviar proposta' }));
    // Waited for by its text, then checked as a button (a role query per change is costly).
    expect(await screen.findByText('Nova proposta', { selector: 'button' })).toHaveRole('button');
    const outcome = screen.getByText('Proposta enviada').closest<HTMLElement>('[role="status"]');
    const code = within(outcome!).getByText(/^PRP-/).textContent;
    await user.click(screen.getByRole('button', { name: 'Imprimir resumo' }));
    const paper = await screen.findByTestId('application-print');
    expect(within(paper).queryByText('Rascunho — não enviado')).not.toBeInTheDocument();
    expect(within(paper).getByText(/^Enviada em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(paper).getByText(`Código de acompanhamento: ${code}`)).toBeInTheDocument();
    expect(paperPairs(paper)).toContain('Nome completo = Maria da Conceição Souza');
  });

  it('in English when the interface is in English', async () => {
    startDraft(typedApplication());
    renderRoute('/proposta/nova/revisao', { sandbox, language: 'en' });
    await screen.findByText('No previous analysis for this CPF.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print summary' }));
    const paper = await screen.findByTestId('application-print');
    expect(within(paper).getByRole('heading', { level: 1, hidden: true })).toHaveTextContent(
      'Credit application summary',
    );
    expect(within(paper).getByText('Draft — not sent')).toBeInTheDocument();
    expect(paperPairs(paper)).toContain('Full name = Maria da Conceição Souza');
  });
});
