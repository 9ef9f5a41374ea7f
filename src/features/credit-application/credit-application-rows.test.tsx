import { act, screen, within } from '@testing-library/react';
import { fieldNamed as field } from '@/test/form-fields';
import { preloadRoute, renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { renderWizardAt } from '@/test/wizard-route';

/**
 * Phones and addresses: one row open at a time, the others one line each (decision 013). The keyboard
 * and the error summary still reach every field.
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

/** The disclosure button of a row, by the start of its name ("Telefone 2"). */
const rowButton = (title: string) => stepForm().getByRole('button', { name: new RegExp(`^${title}( |$)`) });

describe('rows of phones and addresses', () => {
  /** Step 5 with a first phone typed, then a second added (open, with focus in its first field). */
  async function addSecondPhone() {
    const { user } = await renderWizardAt('telefones', { sandbox });
    expect(await screen.findByText('Etapa 5 de 8', { exact: true })).toBeInTheDocument();
    // A lone row is open.
    expect(rowButton('Telefone 1')).toHaveAttribute('aria-expanded', 'true');
    await fill(user, 'portador.telefones.0.numerododdd', '11');
    await fill(user, 'portador.telefones.0.numerodotelefone', '987654321');
    await user.click(stepForm().getByRole('button', { name: 'Adicionar telefone' }));
    return user;
  }

  it('opens the added row at its first field, and closes the others to one line that says what they hold', async () => {
    await addSecondPhone();
    // "Adicionar telefone" opens the new row with focus in its first field; the first closes to its line.
    expect(field('portador.telefones.1.tipotelefone')).toHaveFocus();
    expect(rowButton('Telefone 2')).toHaveAttribute('aria-expanded', 'true');
    const first = rowButton('Telefone 1');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveAccessibleName('Telefone 1 Celular: (11) 98765-4321');
    expect(field('portador.telefones.0.numerododdd')).not.toBeVisible();
    // The group keeps the row's name alone; the button says which fields it shows.
    expect(stepForm().getByRole('group', { name: 'Telefone 1' })).toContainElement(first);
    expect(first).toHaveAttribute('aria-controls', 'campo-portador.telefones.0-fields');
  });

  it('opens a row from the keyboard on its line, closing the open one; Tab goes on to its remove button and first field; Space closes it', async () => {
    const user = await addSecondPhone();
    const first = rowButton('Telefone 1');
    expect(rowButton('Telefone 2')).toHaveAttribute('aria-expanded', 'true');
    // Keyboard: Enter on the first row's line opens it (and closes the second); Tab goes on to its
    // remove button, then to its first field.
    act(() => first.focus());
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(rowButton('Telefone 2')).toHaveAttribute('aria-expanded', 'false');
    expect(rowButton('Telefone 2')).toHaveAccessibleName('Telefone 2 Não preenchido');
    await user.tab();
    expect(stepForm().getByRole('button', { name: 'Remover telefone 1' })).toHaveFocus();
    await user.tab();
    expect(field('portador.telefones.0.tipotelefone')).toHaveFocus();
    expect(field('portador.telefones.0.numerododdd')).toBeVisible();
    expect(field('portador.telefones.0.numerododdd')).toHaveValue('11');
    // Space closes it again: every row closed, every line a button.
    act(() => first.focus());
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
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
    // The second phone is left blank (closed when the third is added), the third is filled.
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
    const second = rowButton('Telefone 2');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAccessibleName('Telefone 2 Não preenchido 2 problemas');
    expect(rowButton('Telefone 1')).toHaveAccessibleName('Telefone 1 Celular: (11) 98765-4321');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Telefone 2: DDD: Preencha este campo.', 'Telefone 2: Número: Preencha este campo.']);
  });

  it('opens a closed row at the field from the summary link; corrected in place, "Continuar" moves on', async () => {
    const { user, summary } = await continueWithBlankSecondPhone();
    const second = rowButton('Telefone 2');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    // The link to a field of the closed row opens it (closing the third) and focuses the field.
    await user.click(within(summary).getByRole('link', { name: 'Telefone 2: Número: Preencha este campo.' }));
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(rowButton('Telefone 3')).toHaveAttribute('aria-expanded', 'false');
    const number = field('portador.telefones.1.numerodotelefone');
    expect(number).toBeVisible();
    expect(number).toHaveFocus();
    expect(number).toHaveAccessibleDescription(/Preencha este campo\./);

    // Corrected in place, "Continuar" moves on.
    await fill(user, 'portador.telefones.1.numerododdd', '31');
    await fill(user, 'portador.telefones.1.numerodotelefone', '998765432');
    await user.click(stepForm().getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Etapa 6 de 8', { exact: true })).toBeInTheDocument();
  });
});
