import { act, screen, within } from '@testing-library/react';
import type { RuntimeConfig } from '@/config/config-schema';
import { handOff } from '@/lib/hand-off';
import { fieldNamed as field, inputsNamedEnding } from '@/test/form-fields';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
import { draftStore } from './wizard/draft-store';
import { renderWizardAt, startDraft } from '@/test/wizard-route';
import { typedApplication, typedPaths, typedValuesOf, withValueAt } from '@/test/sample-application';
import { stepOrder, type ApplicationInput, type FormStepKey } from './schema';

const wizardSteps = stepOrder.map((step) => step.key);

const sandbox = setupTestSandbox();

// Step 1 once, its products listed, before the tests (see warmUpRoute).
beforeAll(() =>
  warmUpRoute(sandbox, '/proposta/nova/produto', () =>
    within(field('codigodoproduto')).getByRole('option', { name: /Cartão Gold/ }),
  ),
);

type User = ReturnType<typeof renderRoute>['user'];

/** Pastes `text` into the field, focused first (the pointer is no test's subject here). */
async function fill(user: User, path: string, text: string) {
  const element = field(path);
  act(() => element.focus());
  await user.paste(text);
}

async function expectStep(number: number) {
  expect(await screen.findByText(`Etapa ${number} de 8`, { exact: true })).toBeInTheDocument();
}

// Queries by role and name read the style of every candidate: within the page's main part, or the
// step's form, they have fewer (the app bar and the navigation hold many buttons and links).
const main = () => within(screen.getByRole('main'));
const stepForm = () => within(screen.getByRole('form'));
const continueButton = () => stepForm().getByRole('button', { name: 'Continuar' });

/** Types what `step` needs, as the operator does: a list by its option, any other field by pasting. */
async function fillStep(user: User, step: FormStepKey, values: ApplicationInput) {
  for (const { path, value } of typedValuesOf(step, values)) {
    const element = field(path);
    if (element instanceof HTMLSelectElement) await user.selectOptions(element, value);
    else await fill(user, path, value);
  }
}

/** The applicant the wizard tests type: the sample, its CPF typed as digits (the field masks it). */
const applicant = typedApplication({ portador: { cpf: '06247311974' } });
const formSteps = wizardSteps.filter((step): step is FormStepKey => step !== 'review');
/** Steps 1 to 4 (product to income) and 5 to 7 (the rows: phones, addresses, additional cards). */
const [firstSteps, rowSteps] = [formSteps.slice(0, 4), formSteps.slice(4)];

/** Types `steps` with the applicant, each followed by "Continuar"; the first of them is step `from`. */
async function typeSteps(user: User, steps: readonly FormStepKey[], from: number) {
  for (const [index, step] of steps.entries()) {
    await fillStep(user, step, applicant);
    await user.click(continueButton());
    await expectStep(from + index + 1);
  }
}

/**
 * The review of `values` as a draft left in memory (as when the operator comes back to the wizard), for
 * the tests of what happens from the review on: the steps are typed in the test of the review itself.
 */
async function openReview(values: ApplicationInput, config?: Partial<RuntimeConfig>): Promise<User> {
  startDraft(values);
  const { user } = renderRoute('/proposta/nova/revisao', { sandbox, config });
  await expectStep(8);
  return user;
}

describe('CreditApplicationPage', () => {
  /** Step 1 with the product 102 handed over by the products screen, its list of products in. */
  async function openWithProductHandedOver() {
    const state = handOff('newApplication', { productCode: '102' });
    const view = renderRoute('/proposta/nova/produto', { sandbox, state });
    await expectStep(1);
    await within(field('codigodoproduto')).findByRole('option', { name: /Cartão Gold/ });
    return view;
  }

  it('preselects a product handed over; "Continuar" validates only this step, with a focused summary and "Erro:"', async () => {
    const { user } = await openWithProductHandedOver();
    expect(field('codigodoproduto')).toHaveValue('102');
    expect(document.title).not.toMatch(/^Erro/);

    await user.click(continueButton());
    // Waited for by its text, then checked as the heading it is (a role query per change is costly).
    const summary = await screen.findByText('Corrija 1 problema para continuar');
    expect(summary).toHaveRole('heading');
    const region = summary.closest('[tabindex="-1"]');
    expect(region).toHaveFocus();
    const links = within(region as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([expect.stringContaining('Dia de vencimento')]);
    expect(document.title).toMatch(/^Erro: /);
    await expectStep(1);

    // The link moves focus to its field; fixing it and continuing reaches step 2 without errors.
    await user.click(links[0] as HTMLElement);
    expect(field('cartaodecredito.diadovencimento')).toHaveFocus();
    await user.selectOptions(field('cartaodecredito.diadovencimento'), '10');
    await user.click(continueButton());
    await expectStep(2);
    expect(document.title).not.toMatch(/^Erro/);
    expect(screen.queryByText(/^Corrija/)).not.toBeInTheDocument();
  });

  it('"Continuar" on step 2 names only its own problems and keeps the typed text; "Voltar" never validates', async () => {
    const { user } = await openWithProductHandedOver();
    await user.selectOptions(field('cartaodecredito.diadovencimento'), '10');
    await user.click(continueButton());
    await expectStep(2);

    // Step 2: the problems are this step's only (none of the identity document's), typed text stays.
    await fill(user, 'portador.nome', 'Maria 123');
    await user.click(continueButton());
    const personal = await screen.findByText(/^Corrija \d+ problemas para continuar$/);
    expect(personal).toHaveRole('heading');
    const personalLinks = within(personal.closest('[tabindex="-1"]') as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // The printed name was suggested from the full name when it lost focus ("MARIA").
    // Every field the operator types is missing or wrong; the printed name was suggested.
    expect(personalLinks).toHaveLength(typedPaths.personal.length);
    expect(personalLinks.join(' ')).toMatch(/CPF.*Nome completo.*Nome da mãe.*Data de nascimento.*E-mail/);
    expect(field('portador.nomeimpresso')).toHaveValue('MARIA');
    expect(personalLinks.join(' ')).not.toMatch(/identidade|Órgão|Profissão|Telefone|CEP/);
    expect(field('portador.nome')).toHaveValue('Maria 123');
    expect(screen.getByText('Use apenas letras, espaços, apóstrofo e hífen.')).toBeInTheDocument();
    expect(document.title).toMatch(/^Erro: /);

    // "Voltar" never validates: back on step 1, no summary, the title loses "Erro:", typed text kept.
    await user.click(main().getByRole('button', { name: 'Voltar' }));
    await expectStep(1);
    expect(screen.queryByText(/^Corrija/)).not.toBeInTheDocument();
    expect(document.title).not.toMatch(/^Erro/);
    await user.click(continueButton());
    await expectStep(2);
    expect(field('portador.nome')).toHaveValue('Maria 123');
  });

  /** On each step of `steps`, reached in turn, "Continuar" names exactly the fields the step needs. */
  async function expectOwnProblems(steps: ReadonlyArray<readonly [string, number, FormStepKey]>) {
    const { user, router } = await renderWizardAt(steps[0]?.[0] ?? 'produto', { sandbox });
    for (const [slug, number, key] of steps) {
      await act(() => router.navigate(`/proposta/nova/${slug}`));
      await expectStep(number);
      await user.click(continueButton());
      const summary = await screen.findByText(/^Corrija \d+ problemas? para continuar$/);
      const links = within(summary.closest('[tabindex="-1"]') as HTMLElement).getAllByRole('link');
      // Each link points at one of this step's inputs, and every field the step needs is named.
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        typedPaths[key].map((path) => `#campo-${path}`),
      );
    }
    return { user, router };
  }

  it('"Continuar" on steps 3 and 4 names only that step\'s own fields', async () => {
    await expectOwnProblems([
      ['documento', 3, 'document'],
      ['renda-e-conta', 4, 'income'],
    ]);
  });

  it('"Continuar" on steps 5 and 6 names only that step\'s own fields; step 7 passes empty', async () => {
    const { user, router } = await expectOwnProblems([
      ['telefones', 5, 'phones'],
      ['enderecos', 6, 'addresses'],
    ]);
    await act(() => router.navigate('/proposta/nova/cartoes-adicionais'));
    await expectStep(7);
    await user.click(continueButton());
    await expectStep(8);
  });

  it('adds and removes phones up to the maximum of 10', async () => {
    const { user } = await renderWizardAt('telefones', { sandbox });
    await expectStep(5);
    const add = stepForm().getByRole('button', { name: 'Adicionar telefone' });
    expect(screen.getByText('1 de no máximo 10')).toBeInTheDocument();
    // The only phone cannot be removed.
    expect(stepForm().queryByRole('button', { name: 'Remover telefone 1' })).not.toBeInTheDocument();
    for (let count = 2; count <= 10; count += 1) await user.click(add);
    // The row added is open at its first field; the others are one line each, their fields not drawn.
    expect(field('portador.telefones.9.numerododdd')).toHaveFocus();
    expect(inputsNamedEnding('.numerodotelefone')).toHaveLength(1);
    expect(screen.getAllByText(/^Telefone \d+$/)).toHaveLength(10);
    expect(add).toBeDisabled();
    expect(screen.getByText('Máximo de 10 atingido.')).toBeInTheDocument();

    await fill(user, 'portador.telefones.9.numerododdd', '21');
    // By its text: with 10 rows, a role query would read the names of some 30 buttons.
    await user.click(screen.getByText('Remover telefone 3'));
    expect(screen.getAllByText(/^Telefone \d+$/)).toHaveLength(9);
    expect(add).toBeEnabled();
    // The rows after the removed one move up with what was typed in them (the open one too).
    expect(field('portador.telefones.8.numerododdd')).toHaveValue('21');
  });

  /** Every address row's flag: a radio on each row's line, open or closed, named for its row. */
  const mailingFlags = () => inputsNamedEnding('.enderecocorrespondencia').map((radio) => radio.checked);

  it('keeps exactly one mailing address when another row is chosen, or the chosen one removed', async () => {
    const { user } = await renderWizardAt('enderecos', { sandbox });
    await expectStep(6);
    const add = stepForm().getByRole('button', { name: 'Adicionar endereço' });
    await user.click(add);
    await user.click(add);
    expect(mailingFlags()).toEqual([true, false, false]);
    await user.click(stepForm().getByRole('radio', { name: 'Endereço de correspondência (Endereço 3)' }));
    expect(mailingFlags()).toEqual([false, false, true]);
    // Removing the mailing address hands the choice to another row: still exactly one.
    await user.click(screen.getByText('Remover endereço 3'));
    expect(mailingFlags()).toHaveLength(2);
    expect(mailingFlags().filter(Boolean)).toHaveLength(1);
  });

  it('adds addresses up to the maximum of 10, exactly one of them the mailing address', async () => {
    const { user } = await renderWizardAt('enderecos', { sandbox });
    await expectStep(6);
    const add = stepForm().getByRole('button', { name: 'Adicionar endereço' });
    for (let count = 2; count <= 10; count += 1) await user.click(add);
    expect(mailingFlags()).toHaveLength(10);
    expect(add).toBeDisabled();
    expect(mailingFlags().filter(Boolean)).toHaveLength(1);
  });

  // Typing the seven steps is two tests, split at the rows: what steps 1 to 4 hold when the wizard is
  // left (the draft), then steps 5 to 7 typed on that draft, and the review of all of it.
  it('keeps every value typed in steps 1 to 4, "Continuar" after each, in the draft the wizard leaves', async () => {
    const { user, unmount } = renderRoute('/proposta/nova/produto', { sandbox });
    await expectStep(1);
    await within(field('codigodoproduto')).findByRole('option', { name: /Cartão Gold/ });
    await typeSteps(user, firstSteps, 1);
    unmount();
    // The form is the draft: it outlives the screen, with everything typed.
    expect(draftStore.holdsTypedData()).toBe(true);
    const saved = draftStore.form()!.getValues();
    // As the fields hold them: the CPF typed as digits, masked.
    const typed = typedApplication({ portador: { cpf: '062.473.119-74' } });
    for (const step of firstSteps) expect(typedValuesOf(step, saved)).toEqual(typedValuesOf(step, typed));
  });

  it('reviews every value by step: steps 1 to 4 from the draft, steps 5 to 7 typed on it', async () => {
    // The draft the test above leaves: steps 1 to 4 as typed, the rows' steps blank.
    const draft = rowSteps
      .flatMap((step) => typedValuesOf(step, applicant))
      .reduce((values, { path }) => withValueAt(values, path, ''), applicant);
    startDraft(draft);
    const { user } = renderRoute('/proposta/nova/telefones', { sandbox });
    await expectStep(5);
    expect(field('portador.telefones.0.numerodotelefone')).toHaveValue('');
    await typeSteps(user, rowSteps, 5);
    const section = (name: string) => screen.getByRole('region', { name });
    // The product by its name: the list of products comes from the provider (not asked for before here).
    expect(await within(section('Produto e vencimento')).findByText(/Cartão Gold/)).toBeInTheDocument();
    const personal = section('Dados pessoais');
    for (const value of [
      '062.473.119-74',
      'Maria da Conceição Souza',
      'MARIA DA CONCEICAO SOUZA',
      '12/04/1988',
      'maria@example.com',
    ])
      expect(within(personal).getByText(value)).toBeInTheDocument();
    expect(within(section('Documento de identidade')).getByText('30/06/2010')).toBeInTheDocument();
    expect(within(section('Profissão, renda e conta')).getByText(/6\.500,00/)).toBeInTheDocument();
    expect(within(section('Telefones')).getByText(/98765-4321/)).toBeInTheDocument();
    expect(within(section('Endereços')).getByText(/04101-000/)).toBeInTheDocument();
    expect(within(section('Cartões adicionais')).getByText('Nenhum')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma análise anterior para este CPF.')).toBeInTheDocument();
  });

  it('"Alterar" opens the step and returns to the review with the change; two clicks send it once and show the answer', async () => {
    // The review of the values the tests above type, as a draft in memory.
    const user = await openReview(applicant);
    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('Dados pessoais')).getByText('maria@example.com')).toBeInTheDocument();
    await user.click(
      within(section('Dados pessoais')).getByRole('link', { name: /^Alterar\s*Dados pessoais$/ }),
    );
    await expectStep(2);
    await user.clear(field('portador.email'));
    await fill(user, 'portador.email', 'maria.souza@example.com');
    await user.click(stepForm().getByRole('button', { name: 'Voltar para a revisão' }));
    await expectStep(8);
    expect(within(section('Dados pessoais')).getByText('maria.souza@example.com')).toBeInTheDocument();

    // Two clicks in the same task (before React can disable the button) still send one request.
    const send = main().getByRole('button', { name: 'Enviar proposta' });
    act(() => {
      send.click();
      send.click();
    });
    expect((await screen.findAllByText('Proposta enviada')).length).toBeGreaterThan(0);
    const stats = sandbox.store.stats();
    expect(stats.requestsPerEndpoint.creditRequest).toBe(1);
    expect(stats.applicationsPerCpf['06247311974']).toBe(1);
    const sent = sandbox.store.lastRequest('creditRequest');
    expect(sent?.body).toMatchObject({
      codigodoproduto: 102,
      cartaodecredito: { diadovencimento: 10 },
      portador: { cpf: '06247311974', email: 'maria.souza@example.com', valorrenda: 650000 },
    });
    // The tracking code as text with a copy button; the raw answer behind "details".
    const code = screen.getByText(/^PRP-\d{4}-\d+$/);
    expect(main().getByRole('button', { name: `Copiar o código ${code.textContent}` })).toBeInTheDocument();
    expect(screen.getByText('Detalhes técnicos: a resposta do provedor')).toBeInTheDocument();
    expect(screen.getByText(/"CodigoParaAcompanhamento"/)).not.toBeVisible();
  });

  it('shows a 400 that names fields with their labels, links to the input, and the provider text', async () => {
    const user = await openReview(typedApplication());
    sandbox.store.faults.add({ endpoint: 'creditRequest', kind: '400-list' });
    await user.click(main().getByRole('button', { name: 'Enviar proposta' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('O provedor recusou a proposta');
    const link = within(alert).getByRole('link', { name: 'Dados pessoais · CPF' });
    expect(alert).toHaveTextContent('portador.cpf must be a valid CPF');
    expect(within(alert).getByRole('link', { name: 'Telefones · Telefones' })).toBeInTheDocument();
    await user.click(link);
    await expectStep(2);
    expect(field('portador.cpf')).toHaveFocus();
    expect(stepForm().getByRole('button', { name: 'Voltar para a revisão' })).toBeInTheDocument();
  });

  it("a refusal's link to a field of a closed row opens that row and focuses the field", async () => {
    // Two addresses: the last is open when the step is opened, the first one closed.
    const user = await openReview(
      typedApplication({
        portador: {
          enderecos: [
            {},
            {
              cep: '20040-002',
              logradouro: 'Avenida Rio Branco',
              numero: '156',
              bairro: 'Centro',
              cidade: 'Rio de Janeiro',
              uf: 'RJ',
              enderecocorrespondencia: false,
            },
          ],
        },
      }),
    );
    expect(
      within(screen.getByRole('region', { name: 'Endereços' })).getByText(/20040-002/),
    ).toBeInTheDocument();

    sandbox.store.faults.add({ endpoint: 'creditRequest', kind: '400-list' });
    await user.click(main().getByRole('button', { name: 'Enviar proposta' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('link', { name: 'Endereços · Endereço 1: CEP' }));
    await expectStep(6);
    expect(field('portador.enderecos.0.cep')).toHaveFocus();
    expect(stepForm().queryByRole('button', { name: /^Endereço 1( |$)/ })).not.toBeInTheDocument();
    expect(stepForm().getByRole('button', { name: /^Endereço 2( |$)/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(document.getElementsByName('portador.enderecos.1.cep')).toHaveLength(0);
  });

  it('without an idempotency key, says plainly that a resend after a lost answer created a duplicate', async () => {
    const user = await openReview(typedApplication(), { sendIdempotencyKey: false });
    expect(await screen.findByText('Nenhuma análise anterior para este CPF.')).toBeInTheDocument();
    // The provider registers the application, and the answer is lost.
    sandbox.store.faults.add({ endpoint: 'creditRequest', kind: 'commitThenReset' });
    await user.click(main().getByRole('button', { name: 'Enviar proposta' }));
    await user.click(await main().findByRole('button', { name: 'Enviar novamente' }));
    // One box: sent, and the duplicate to report, with both codes (not a success beside a warning).
    const title = await screen.findByText('Proposta enviada, mas registrada 2 vezes: informe o emissor');
    const outcome = title.closest<HTMLElement>('[role="status"]')!;
    expect(outcome).toHaveTextContent('O provedor registrou 2 análises novas para este CPF');
    const codes = within(
      within(outcome).getByRole('list', { name: 'Código de acompanhamento' }),
    ).getAllByText(/^PRP-\d{4}-\d+$/);
    expect(codes).toHaveLength(2);
    expect(outcome).toHaveTextContent('(veio na resposta)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Proposta enviada')).not.toBeInTheDocument();
    expect(sandbox.store.stats().applicationsPerCpf['06247311974']).toBe(2);
  });

  it('warns that CPF 52998224725 already has an analysis, with its code and status', async () => {
    await openReview(typedApplication({ portador: { cpf: '529.982.247-25' } }));
    expect(await screen.findByText('Este CPF já tem 1 análise')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Código de acompanhamento' });
    expect(within(list).getByText('PRP-2026-000123')).toBeInTheDocument();
    expect(within(list).getByText('Aprovada')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Enviar proposta' })).toBeEnabled();
  });
});
