import { act, screen, waitFor } from '@testing-library/react';
import { memo, type ComponentType, type FunctionComponent } from 'react';
import { seededAnalysisCpfs } from '@/test/sandbox-data';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
import { batchView } from './batch-store';

/**
 * What a keystroke in the results filter, and a publication of the batch's answers, render:
 * the filter field and, a step behind, the table; the progress once per publication, the counts and the
 * table at most once. Guarded by counts, not times.
 *
 * Counted without a probe in the app: the parts below are drawn through a copy of the component that
 * counts each time its own function runs, with the component's own memo comparison (a part that is not
 * memoized is counted every time its parent draws it).
 */
const log = vi.hoisted(() => ({ renders: null as string[] | null }));

/** `component` as its parent draws it, counting each run of its own function under `name`. */
function counted<P extends object>(name: string, component: ComponentType<P>): ComponentType<P> {
  const memoized = component as unknown as {
    type?: FunctionComponent<P>;
    compare?: null | ((a: P, b: P) => boolean);
  };
  const render = memoized.type ?? (component as FunctionComponent<P>);
  function Counted(props: P) {
    log.renders?.push(name);
    return render(props);
  }
  return memoized.type ? memo(Counted, memoized.compare ?? undefined) : Counted;
}

vi.mock('./batch-progress', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./batch-progress')>();
  return { ...actual, BatchProgress: counted('progress', actual.BatchProgress) };
});
vi.mock('./batch-category-filter', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./batch-category-filter')>();
  return { ...actual, BatchCategoryFilter: counted('counts', actual.BatchCategoryFilter) };
});
vi.mock('./batch-table', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./batch-table')>();
  return { ...actual, BatchTable: counted('table', actual.BatchTable) };
});

const sandbox = setupTestSandbox();
beforeAll(async () => {
  await warmUpRoute(sandbox, '/analises/lote', () => screen.getByLabelText('CPFs'));
});

/** What rendered during `action`, once everything it scheduled (the deferred results) has settled. */
async function rendersDuring(action: () => Promise<void>, settled: () => void): Promise<string[]> {
  const renders: string[] = [];
  log.renders = renders;
  try {
    await action();
    await waitFor(settled);
    await act(() => Promise.resolve());
  } finally {
    log.renders = null;
  }
  return renders;
}

const count = (renders: string[], name: string) => renders.filter((render) => render === name).length;
const results = () => screen.getByRole('region', { name: 'Resultados' });

/** A finished batch of three CPFs, its results caught up. */
async function finishedBatch() {
  sandbox.store.reset({ seedAnalyses: 3 });
  const view = renderRoute('/analises/lote', { sandbox });
  const list = await screen.findByLabelText('CPFs');
  await view.user.click(list);
  await view.user.paste(seededAnalysisCpfs(3).join('\n'));
  await view.user.click(await screen.findByText('Consultar 3 CPFs'));
  await waitFor(() => expect(screen.getByTestId('batch-progress')).toHaveTextContent(/Concluída/));
  await waitFor(() => expect(results()).toHaveAttribute('aria-busy', 'false'));
  return view;
}

describe('the batch screen renders', () => {
  it('for a keystroke in the filter: the table once, a step behind; not the counts nor the progress', async () => {
    const { user } = await finishedBatch();
    const filter = screen.getByRole('searchbox', { name: 'Filtrar resultados' });
    await user.click(filter);
    const renders = await rendersDuring(
      () => user.keyboard('P'),
      () => expect(results()).toHaveAttribute('aria-busy', 'false'),
    );
    expect(filter).toHaveValue('P');
    expect(count(renders, 'table')).toBeLessThanOrEqual(1);
    expect(count(renders, 'counts')).toBe(0);
    expect(count(renders, 'progress')).toBe(0);
  });

  it('for a publication of the answers: the progress once, the counts and the table at most once', async () => {
    await finishedBatch();
    const renders = await rendersDuring(
      async () => {
        // The batch's next publication (the same answers, as a new view: what every answer gathered in
        // PUBLISH_MS gives).
        const current = batchView.get();
        if (!current) throw new Error('no batch');
        act(() => batchView.set({ ...current, states: [...current.states] }));
        await Promise.resolve();
      },
      () => expect(results()).toHaveAttribute('aria-busy', 'false'),
    );
    expect(count(renders, 'progress')).toBe(1);
    expect(count(renders, 'counts')).toBeLessThanOrEqual(1);
    expect(count(renders, 'table')).toBeLessThanOrEqual(1);
  });
});
