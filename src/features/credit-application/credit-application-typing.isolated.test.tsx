import { act, screen, waitFor } from '@testing-library/react';
import { Profiler, useLayoutEffect, type ComponentProps } from 'react';
import { fieldNamed as field } from '@/test/form-fields';
import { preloadRoute, renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { renderWizardAt } from '@/test/wizard-route';

/**
 * A key stroke re-renders its field, not the step, so typing costs the same with 1 row or 10 (decision
 * 013). These count what renders while one character is typed into a field of a step with 3 rows: with
 * no message shown, and with a message on every row (after a failed "Continuar", when each key stroke
 * makes the field check itself again). Three rows are enough: a render of the step, of the array or of
 * every row would draw the other rows' fields, whatever their number.
 *
 * Counted without any probe in the app: this file draws every text and select field inside React's
 * <Profiler> (which reports each commit in which anything of the field rendered, its own re-renders
 * included), and notes each time a list of rows is drawn by its step (a render of the step would).
 */
const log = vi.hoisted(() => ({ renders: null as string[] | null }));

vi.mock('./fields/form-fields', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./fields/form-fields')>();
  function ProfiledText(props: ComponentProps<typeof actual.FormText>) {
    return (
      <Profiler id={props.name} onRender={(id) => log.renders?.push(`field ${id}`)}>
        <actual.FormText {...props} />
      </Profiler>
    );
  }
  function ProfiledSelect(props: ComponentProps<typeof actual.FormSelect>) {
    return (
      <Profiler id={props.name} onRender={(id) => log.renders?.push(`field ${id}`)}>
        <actual.FormSelect {...props} />
      </Profiler>
    );
  }
  return { ...actual, FormText: ProfiledText, FormSelect: ProfiledSelect };
});

vi.mock('./fields/row-list', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./fields/row-list')>();
  function CountedRowList(props: ComponentProps<typeof actual.RowList>) {
    // After every commit in which the step drew the list (no dependency list on purpose).
    useLayoutEffect(() => {
      log.renders?.push(`section ${props.name}`);
    });
    return <actual.RowList {...props} />;
  }
  return { ...actual, RowList: CountedRowList };
});

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

const ROWS = 3;

// Buttons and headings by their text: their roles and names are the page tests' subject
// (credit-application-page, -rows); a role query with a name reads the style of the whole step.

/** What rendered during `action`: "field <path>" per commit that rendered a field, "section <path>". */
async function rendersDuring(action: () => Promise<void>): Promise<string[]> {
  const renders: string[] = [];
  log.renders = renders;
  try {
    await action();
    // Whatever the key stroke scheduled (the form's change handler, effects) is done before counting.
    await act(() => Promise.resolve());
  } finally {
    log.renders = null;
  }
  return renders;
}

/** The step at `slug` with `ROWS` rows (one blank row, the others added). */
async function openWithRows(slug: string, stepNumber: number, addLabel: string): Promise<User> {
  const { user } = await renderWizardAt(slug, { sandbox });
  await screen.findByText(`Etapa ${stepNumber} de 8`, { exact: true });
  const add = screen.getByText(addLabel);
  // The counting sees fields: an added row's fields are drawn.
  const added = await rendersDuring(() => user.click(add));
  expect(added.filter((line) => line.startsWith('field ')).length).toBeGreaterThan(1);
  for (let count = 2; count < ROWS; count += 1) await user.click(add);
  expect(screen.getByText(`${ROWS} de no máximo 10`)).toBeInTheDocument();
  return user;
}

/**
 * "Continuar" on a step with empty rows: the summary and "Erro:" appear; the open row's fields show
 * their messages.
 */
async function failContinue(user: User, arrayPath: string) {
  const shown = await rendersDuring(async () => {
    await user.click(screen.getByText('Continuar'));
    await screen.findByText(/^Corrija \d+ problemas para continuar$/);
  });
  expect(shown.some((line) => line.startsWith(`field ${arrayPath}.`))).toBe(true);
}

/**
 * Commits of the typed field for one key: MUI's input noting it is no longer empty, the field's message
 * changing, and React committing them apart; more would mean the field renders for nothing.
 */
const COMMITS_PER_KEY = 3;

/** Only the typed field rendered: no other field, no row, no step. */
function expectOnlyField(renders: string[], path: string) {
  expect(renders.filter((line) => line !== `field ${path}`)).toEqual([]);
}

describe('typing in the credit application with several rows', () => {
  const phonePath = `portador.telefones.${ROWS - 1}.numerodotelefone`;

  it('re-renders only the typed phone field, without messages', async () => {
    const user = await openWithRows('telefones', 5, 'Adicionar telefone');
    await user.click(field(phonePath));

    // No messages: a key stroke renders nothing of the wizard but the field (the input is uncontrolled;
    // MUI's input notes that it is no longer empty), and the next key not even that.
    const typed = await rendersDuring(() => user.keyboard('9'));
    expectOnlyField(typed, phonePath);
    expect(typed.length).toBeLessThanOrEqual(COMMITS_PER_KEY);
    expect(await rendersDuring(() => user.keyboard('8'))).toEqual([]);
  });

  it('re-renders only the typed phone field, with messages on every row', async () => {
    const user = await openWithRows('telefones', 5, 'Adicionar telefone');

    // A failed "Continuar": the open row shows "Preencha este campo." under its DDD and number.
    await failContinue(user, 'portador.telefones');
    expect(screen.getAllByText('Preencha este campo.')).toHaveLength(2);
    await user.click(field(phonePath));

    // The first key changes this field's message: this field renders, nothing else of the step.
    const first = await rendersDuring(async () => {
      await user.keyboard('9');
      await waitFor(() =>
        expect(field(phonePath)).toHaveAccessibleDescription(
          'Telefone: 8 dígitos (fixo) ou 9 começando por 9 (celular).',
        ),
      );
    });
    expect(first).toContain(`field ${phonePath}`);
    expectOnlyField(first, phonePath);
    expect(first.length).toBeLessThanOrEqual(COMMITS_PER_KEY);

    // The next keys check the field again (its step only) and leave its message as it was: nothing but
    // the field renders.
    const next = await rendersDuring(async () => {
      await user.keyboard('8');
      await waitFor(() => expect(field(phonePath)).toHaveValue('98'));
    });
    expectOnlyField(next, phonePath);
    expect(next.length).toBeLessThanOrEqual(COMMITS_PER_KEY);
  });

  it('re-renders no other address row while a wrong street is corrected', async () => {
    const user = await openWithRows('enderecos', 6, 'Adicionar endereço');
    await failContinue(user, 'portador.enderecos');
    const path = `portador.enderecos.${ROWS - 2}.logradouro`;
    // One row is open at a time (the last added): the one before it opens from its line.
    await user.click(screen.getByText(`Endereço ${ROWS - 1}`));
    await user.click(field(path));

    // Its message goes away at the first letter; every row's mailing-address radio stays as it was.
    const renders = await rendersDuring(async () => {
      await user.keyboard('R');
      await waitFor(() => expect(field(path)).not.toHaveAccessibleDescription('Preencha este campo.'));
    });
    expect(renders).toContain(`field ${path}`);
    expectOnlyField(renders, path);
    expect(renders.length).toBeLessThanOrEqual(COMMITS_PER_KEY);
  });
});
