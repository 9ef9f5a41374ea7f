import { act, screen, waitFor, within } from '@testing-library/react';
import { fieldNamed as field } from '@/test/form-fields';
import { preloadRoute, renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { typedApplication } from '@/test/sample-application';
import { renderWizardAt, startDraft } from '@/test/wizard-route';

/**
 * A draft lost to a reload, the printed name checked against the full name, nothing cut silently (a
 * printed name too long, a branch with its check digit), the step list, the shortcuts and the mailing
 * address chosen on a row's line. Typing itself (keys, clicks, the caret, the clipboard) is
 * e2e/credit-application.spec.ts.
 */
const sandbox = setupTestSandbox();
beforeAll(async () => {
  // The wizard's screen is a lazy route: loaded once here, not inside the first test.
  await preloadRoute('/proposta/nova/produto');
  // Steps 1 and 6 (the addresses, with rows) once before the tests (see warmUp).
  await warmUp(sandbox, async () => {
    await renderWizardAt('enderecos', { sandbox });
    await screen.findByText('Etapa 6 de 8', { exact: true });
  });
});

type User = ReturnType<typeof renderRoute>['user'];

/** Pastes `text` at the end of the field, focused first (the pointer is no test's subject here). */
async function paste(user: User, path: string, text: string) {
  const element = field(path);
  act(() => element.focus());
  if (element instanceof HTMLInputElement)
    element.setSelectionRange(element.value.length, element.value.length);
  await user.paste(text);
}

// Role queries by name read the style of every candidate: within the step list or the step's form.
const stepList = () => screen.getByRole('navigation', { name: 'Etapas da proposta' });
const stepForm = () => within(screen.getByRole('form'));

describe('a wizard opened past step 1', () => {
  it('with nothing in memory (a reload), says the draft is gone and why, and starts at step 1', async () => {
    const { router } = renderRoute('/proposta/nova/renda-e-conta', { sandbox });
    const title = await screen.findByText('O rascunho desta proposta se perdeu');
    const notice = title.closest('[role="alert"]');
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent('recarregar a página, fechar a aba ou sair da sessão');
    expect(screen.getByText('Etapa 1 de 8', { exact: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/proposta/nova/produto');
    // Replaced, not pushed: Back does not lead to the empty step 4 again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(stepList()).queryAllByRole('link')).toEqual([]);
  });

  it('with a draft in memory, opens where it was asked to, without a word about a loss', async () => {
    startDraft(typedApplication());
    renderRoute('/proposta/nova/renda-e-conta', { sandbox });
    expect(await screen.findByText('Etapa 4 de 8', { exact: true })).toBeInTheDocument();
    expect(screen.queryByText('O rascunho desta proposta se perdeu')).not.toBeInTheDocument();
    // Every step of a complete draft is reachable from the list; the current one is marked.
    expect(within(stepList()).getAllByRole('link')).toHaveLength(7);
    expect(stepList().querySelector('[aria-current="step"]')).toHaveTextContent('Profissão, renda e conta');
  });
});

describe('the printed name', () => {
  it('suggested from the full name, says so; follows the name until edited; then keeps what was typed', async () => {
    const { user } = await renderWizardAt('dados-pessoais', { sandbox });
    const printed = field('portador.nomeimpresso');
    await paste(user, 'portador.nome', 'José da Silva');
    await user.tab();
    expect(printed).toHaveValue('JOSE DA SILVA');
    expect(printed).toHaveAccessibleDescription(/^Sugerido a partir do nome completo/);

    // The full name corrected: the suggestion follows.
    await paste(user, 'portador.nome', ' Santos');
    await user.tab();
    expect(printed).toHaveValue('JOSE DA SILVA SANTOS');

    // Typed over by the operator: no longer a suggestion, and a later change of the name leaves it.
    await user.clear(printed);
    await user.type(printed, 'jose s. santos');
    expect(printed).toHaveValue('JOSE S SANTOS');
    expect(printed).toHaveAccessibleDescription(/^Letras A–Z: acentos e pontos saem ao digitar · 13 de 26$/);
    await paste(user, 'portador.nome', ' Lima');
    await user.tab();
    expect(printed).toHaveValue('JOSE S SANTOS');
  });

  it('names the real cause of a name typed into the suggestion, before its length', async () => {
    const { user } = await renderWizardAt('dados-pessoais', { sandbox });
    await paste(user, 'portador.nome', 'José Silva Santos');
    await user.tab();
    const printed = field('portador.nomeimpresso');
    // Typed at the end of the suggestion: too long, and one word run into another.
    await user.type(printed, 'JOSE S SANTOS', { initialSelectionStart: 17, initialSelectionEnd: 17 });
    expect(printed).toHaveValue('JOSE SILVA SANTOSJOSE S SANTOS');
    await user.click(stepForm().getByRole('button', { name: 'Continuar' }));
    // Waited for by its text, then checked as the heading it is (a role query per change is costly).
    const summary = await screen.findByText(/^Corrija \d+ problemas? para continuar$/);
    expect(summary).toHaveRole('heading');
    const message =
      'Cada palavra precisa ser um dos nomes do nome completo, ou a inicial de um, uma vez só: confira se há palavras coladas ou repetidas.';
    expect(summary.parentElement).toHaveTextContent(`Nome impresso no cartão: ${message}`);
    expect(printed).toHaveAccessibleDescription(message);
    expect(screen.queryByText(/Abrevie os nomes do meio/)).not.toBeInTheDocument();
  });

  it('cuts nothing: a printed name too long stays whole, counted and refused; so does a branch with its check digit', async () => {
    const { user, router } = await renderWizardAt('dados-pessoais', { sandbox });
    const printed = field('portador.nomeimpresso');
    // ’ is an apostrophe; the suggestion abbreviates the middle names.
    await paste(user, 'portador.nome', 'Joana Maria de Lourdes D’Ávila');
    await user.tab();
    expect(printed).toHaveValue("JOANA M L D'AVILA");
    // Typed in full (each word the full name's): the length is the one thing wrong.
    await user.clear(printed);
    await paste(user, 'portador.nomeimpresso', 'JOANA MARIA DE LOURDES DAVILA');
    expect(printed).toHaveValue('JOANA MARIA DE LOURDES DAVILA');
    expect(printed).toHaveAccessibleDescription(/ 29 de 26$/);
    await user.click(stepForm().getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(printed).toHaveAccessibleDescription(
        'Longo demais para o cartão: no máximo 26 caracteres. Abrevie os nomes do meio.',
      ),
    );

    await act(() => router.navigate('/proposta/nova/renda-e-conta'));
    await screen.findByText('Etapa 4 de 8', { exact: true });
    await paste(user, 'portador.numerodaagencia', '0001-9');
    expect(field('portador.numerodaagencia')).toHaveValue('0001-9');
    await user.click(stepForm().getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(field('portador.numerodaagencia')).toHaveAccessibleDescription(
        'Informe a agência sem o dígito verificador (ex.: 0001-9 → 0001): o provedor recebe só o número.',
      ),
    );
  });
});

describe('moving through the steps', () => {
  it('marks the current step, links the steps reached, and checks the shown step before going forward', async () => {
    const { user } = renderRoute('/proposta/nova/produto', { sandbox });
    await screen.findByText('Etapa 1 de 8', { exact: true });
    await within(field('codigodoproduto')).findByRole('option', { name: /Cartão Gold/ });
    const current = () => stepList().querySelector('[aria-current="step"]');
    expect(current()).toHaveTextContent('Produto e vencimento');
    await user.selectOptions(field('codigodoproduto'), '102');
    await user.selectOptions(field('cartaodecredito.diadovencimento'), '10');
    // Ctrl+Enter from a list (where Enter does not submit): "Continuar".
    act(() => field('cartaodecredito.diadovencimento').focus());
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Etapa 2 de 8', { exact: true })).toBeInTheDocument();
    expect(current()).toHaveTextContent('Dados pessoais');
    const first = within(stepList()).getByRole('link', { name: /Produto e vencimento \(concluída\)/ });
    expect(within(stepList()).getAllByRole('link')).toEqual([first]);

    // Back through the list, then forward again: step 1 is checked on the way (it passes).
    await user.click(first);
    expect(await screen.findByText('Etapa 1 de 8', { exact: true })).toBeInTheDocument();
    await user.click(within(stepList()).getByRole('link', { name: /Dados pessoais/ }));
    expect(await screen.findByText('Etapa 2 de 8', { exact: true })).toBeInTheDocument();
    // The shortcuts are announced on their buttons and listed under the step.
    expect(stepForm().getByRole('button', { name: 'Continuar' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Enter',
    );
    expect(screen.getByText('Atalhos do teclado')).toBeInTheDocument();
  });

  it('Alt+A adds a row at its first field; the mailing address is chosen on a closed row’s line', async () => {
    const { user } = await renderWizardAt('enderecos', { sandbox });
    // The step's form, looked up once: it stays while rows are added and chosen.
    const form = stepForm();
    // Arriving, the first empty field has focus: no Tab to get there.
    expect(field('portador.enderecos.0.cep')).toHaveFocus();
    await user.keyboard('{Alt>}a{/Alt}');
    expect(field('portador.enderecos.1.cep')).toHaveFocus();
    // The first row is closed to its line: its fields are no longer drawn.
    expect(form.getByRole('button', { name: /^Endereço 1( |$)/ })).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementsByName('portador.enderecos.0.cep')).toHaveLength(0);
    const mailing = (row: number) =>
      // By its label (a role query would read the style of every input of the step).
      form.getByLabelText(`Endereço de correspondência (Endereço ${row})`);
    expect(mailing(1)).toBeChecked();
    expect(mailing(2)).toHaveRole('radio');
    await user.click(mailing(2));
    expect(mailing(2)).toBeChecked();
    expect(mailing(1)).not.toBeChecked();
    // Back to the first, still closed.
    await user.click(mailing(1));
    expect(mailing(1)).toBeChecked();
    expect(form.getByRole('button', { name: /^Endereço 1( |$)/ })).toHaveAttribute('aria-expanded', 'false');
    expect(form.getByRole('button', { name: 'Adicionar endereço' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Alt+A',
    );
  });
});
