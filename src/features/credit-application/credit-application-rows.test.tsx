import { act, screen, within } from '@testing-library/react';
import { fieldNamed as field } from '@/test/form-fields';
import { preloadRoute, renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { renderWizardAt } from '@/test/wizard-route';

/**
 * Phones and addresses: one row open at a time, its fields drawn; the others one line each, whose
 * fields are not in the page. The keyboard and the error summary still reach every field.
 */
const sandbox = setupTestSandbox();

beforeAll(async () => {
  await preloadRoute('/proposta/nova/telefones');
  // The step once before the tests (see warmUp).
  await warmUp(sandbox, async () => {
    await renderWizardAt('telefones', { sandbox });
    await screen.findByText('Etapa 5 de 8', { exact: true });
  });
});

type User = ReturnType<typeof renderRoute>['user'];

/** Pastes `text` into the field, focused first (the pointer is not what these tests are about). */
async function fill(user: User, path: string, text: string) {
  const element = field(path);
  act(() => element.focus());
  await user.paste(text);
}

// Within the step's form: a role query reads the style of every candidate, and the app bar and the
// navigation hold many.
const stepForm = () => within(screen.getByRole('form'));

/** The line of a closed row, by the start of its name ("Telefone 2"). */
const rowButton = (title: string) => stepForm().getByRole('button', { name: new RegExp(`^${title}( |$)`) });

describe('rows of phones and addresses', () => {
  /** Step 5 with a first phone typed, then a second added (open, with focus in its first field). */
  async function addSecondPhone() {
    const { user } = await renderWizardAt('telefones', { sandbox });
    expect(await screen.findByText('Etapa 5 de 8', { exact: true })).toBeInTheDocument();
    // A lone row is open; the step's first empty field has focus (the type is a mobile already).
    expect(field('portador.telefones.0.numerododdd')).toHaveFocus();
    await fill(user, 'portador.telefones.0.numerododdd', '11');
    await fill(user, 'portador.telefones.0.numerodotelefone', '987654321');
    await user.click(stepForm().getByRole('button', { name: 'Adicionar telefone' }));
    return user;
  }

  it('opens the added row at its first field, and closes the others to one line that says what they hold', async () => {
    await addSecondPhone();
    expect(field('portador.telefones.1.numerododdd')).toHaveFocus();
    expect(stepForm().getByRole('group', { name: 'Telefone 2' })).toContainElement(
      field('portador.telefones.1.numerododdd'),
    );
    const first = rowButton('Telefone 1');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveAccessibleName('Telefone 1 Celular: (11) 98765-4321');
    expect(document.getElementsByName('portador.telefones.0.numerododdd')).toHaveLength(0);
  });

  it('opens a row from the keyboard on its line, at its first field, closing the open one', async () => {
    const user = await addSecondPhone();
    act(() => rowButton('Telefone 1').focus());
    await user.keyboard('{Enter}');
    expect(field('portador.telefones.0.numerododdd')).toHaveFocus();
    expect(field('portador.telefones.0.numerododdd')).toHaveValue('11');
    expect(rowButton('Telefone 2')).toHaveAccessibleName('Telefone 2 Não preenchido');
    await user.tab();
    expect(field('portador.telefones.0.numerodotelefone')).toHaveFocus();
  });

  /**
   * Step 5 with three phones, the second left blank (closed when the third is added), then "Continuar":
   * the error summary, focused.
   */
  async function continueWithBlankSecondPhone() {
    const { user } = await renderWizardAt('telefones', { sandbox });
    expect(await screen.findByText('Etapa 5 de 8', { exact: true })).toBeInTheDocument();
    const add = stepForm().getByRole('button', { name: 'Adicionar telefone' });
    await fill(user, 'portador.telefones.0.numerododdd', '11');
    await fill(user, 'portador.telefones.0.numerodotelefone', '987654321');
    await user.click(add);
    await user.click(add);
    await fill(user, 'portador.telefones.2.numerododdd', '21');
    await fill(user, 'portador.telefones.2.numerodotelefone', '33334444');

    await user.click(stepForm().getByRole('button', { name: 'Continuar' }));
    // Waited for by its text, then checked as the heading it is (a role query per change is costly).
    const title = await screen.findByText('Corrija 2 problemas para continuar');
    expect(title).toHaveRole('heading');
    const summary = title.closest<HTMLElement>('[tabindex="-1"]')!;
    expect(summary).toHaveFocus();
    return { user, summary };
  }

  it('says how many problems a closed row has, on its line and in the summary', async () => {
    const { summary } = await continueWithBlankSecondPhone();
    expect(rowButton('Telefone 2')).toHaveAccessibleName('Telefone 2 Não preenchido 2 problemas');
    expect(rowButton('Telefone 1')).toHaveAccessibleName('Telefone 1 Celular: (11) 98765-4321');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Telefone 2: DDD: Preencha este campo.', 'Telefone 2: Número: Preencha este campo.']);
  });

  it('opens a closed row at the field from the summary link; corrected in place, "Continuar" moves on', async () => {
    const { user, summary } = await continueWithBlankSecondPhone();
    // The link to a field of the closed row opens it (closing the third) and focuses the field.
    await user.click(within(summary).getByRole('link', { name: 'Telefone 2: Número: Preencha este campo.' }));
    const number = field('portador.telefones.1.numerodotelefone');
    expect(number).toHaveFocus();
    expect(number).toHaveAccessibleDescription(/Preencha este campo\./);
    expect(rowButton('Telefone 3')).toHaveAttribute('aria-expanded', 'false');

    // Corrected in place, "Continuar" moves on.
    await fill(user, 'portador.telefones.1.numerododdd', '31');
    await fill(user, 'portador.telefones.1.numerodotelefone', '998765432');
    await user.click(stepForm().getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Etapa 6 de 8', { exact: true })).toBeInTheDocument();
  });
});
