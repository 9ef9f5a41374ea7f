import { act, screen, waitFor } from '@testing-library/react';
import { renderRoute, setupTestSandbox } from '@/test/render-route';
import { listenToRenders } from './render-probe';

/**
 * Issue 14: a key stroke re-renders its field, not the step, so typing costs the same with 1 row or 10.
 * These count the wizard's renders (render-probe.ts) while one character is typed into a field of a step
 * with 10 rows: with no message shown, and with a message on every row (after a failed "Continuar", when
 * each key stroke makes the field check itself again).
 */
const sandbox = setupTestSandbox();

type User = ReturnType<typeof renderRoute>['user'];

function field(path: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`input[name="${path}"]`);
  if (!element) throw new Error(`no field named ${path}`);
  return element;
}

/** The wizard components that rendered during `action`, as "Component path" lines. */
async function rendersDuring(action: () => Promise<void>): Promise<string[]> {
  const renders: string[] = [];
  listenToRenders((component, path) => renders.push(path ? `${component} ${path}` : component));
  try {
    await action();
    // Whatever the key stroke scheduled (the form's change handler, effects) is done before counting.
    await act(() => Promise.resolve());
  } finally {
    listenToRenders(null);
  }
  return renders;
}

/** The step at `slug` with 10 rows (one blank row, 9 added). */
async function openWithTenRows(slug: string, stepNumber: number, addLabel: string): Promise<User> {
  const { user } = renderRoute(`/proposta/nova/${slug}`, { sandbox });
  await screen.findByText(`Etapa ${stepNumber} de 8`, { exact: true });
  const add = screen.getByRole('button', { name: addLabel });
  for (let count = 1; count < 10; count += 1) await user.click(add);
  expect(screen.getAllByRole('group', { name: /^(Telefone|Endereço) \d+$/ })).toHaveLength(10);
  return user;
}

/** Only the typed field renders (and the error summary, when its list changes); no step, no other row. */
function expectOnlyField(renders: string[], path: string) {
  expect(renders.filter((line) => !line.endsWith(` ${path}`) && line !== 'StepSummary')).toEqual([]);
}

describe('typing in the credit application with 10 rows', () => {
  it('re-renders only the typed phone field, with and without messages on every row', async () => {
    const user = await openWithTenRows('telefones', 5, 'Adicionar telefone');
    const path = 'portador.telefones.9.numerodotelefone';
    await user.click(field(path));

    // No messages: a key stroke renders nothing of the wizard (the input is uncontrolled).
    expectOnlyField(await rendersDuring(() => user.keyboard('9')), path);
    await user.clear(field(path));

    // A failed "Continuar": every row shows "Preencha este campo." under its DDD and number.
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: /^Corrija \d+ problemas para continuar$/ });
    expect(screen.getAllByText('Preencha este campo.')).toHaveLength(20);
    await user.click(field(path));

    // The first key changes this field's message: this field renders, nothing else of the step.
    const first = await rendersDuring(async () => {
      await user.keyboard('9');
      await waitFor(() =>
        expect(field(path)).toHaveAccessibleDescription(
          'Telefone: 8 dígitos (fixo) ou 9 começando por 9 (celular).',
        ),
      );
    });
    expect(first).toContain(`FormText ${path}`);
    expectOnlyField(first, path);
    expect(first.length).toBeLessThanOrEqual(4);

    // The next keys check the field again and leave its message as it was: nothing renders.
    const next = await rendersDuring(async () => {
      await user.keyboard('8');
      await waitFor(() => expect(field(path)).toHaveValue('98'));
    });
    expectOnlyField(next, path);
    expect(next.length).toBeLessThanOrEqual(1);
  });

  it('re-renders no other address row while a wrong street is corrected', async () => {
    const user = await openWithTenRows('enderecos', 6, 'Adicionar endereço');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: /^Corrija \d+ problemas para continuar$/ });
    const path = 'portador.enderecos.8.logradouro';
    await user.click(field(path));

    // Its message goes away at the first letter; the 10 rows' mailing-address radios stay as they were.
    const renders = await rendersDuring(async () => {
      await user.keyboard('R');
      await waitFor(() => expect(field(path)).not.toHaveAccessibleDescription('Preencha este campo.'));
    });
    expect(renders).toContain(`FormText ${path}`);
    expectOnlyField(renders, path);
    expect(renders.length).toBeLessThanOrEqual(4);
  });
});
