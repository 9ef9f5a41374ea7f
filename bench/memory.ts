/**
 * The memory part of `npm run bench`: the operator journeys (accounts → virtual-card request with its
 * toast and journal entry → CPF lookup → new application → products) in one tab, bounded by rounds
 * (`--memory-loops`) or wall-clock minutes (`--memory-minutes`); the JS heap is read after two forced
 * garbage collections after the first round, every `--memory-sample-every` rounds, and after the last.
 * The goal is last / first.
 */
import type { Page } from '@playwright/test';
import { withBenchApp, type BenchContext, type BenchPart } from './harness';

/** JS heap in use after a forced garbage collection, in MiB. */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/** One operator round: every screen, a virtual card request (journal, toast), a CPF lookup. */
async function journey(page: Page, round: number) {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Contas' }).click();
  const accounts = page.getByRole('table', { name: 'Contas da instituição' });
  await accounts.getByRole('rowheader').first().waitFor();
  const row = accounts.locator('tbody tr').nth(round % 5);
  await row.getByRole('button', { name: /^Solicitar cartão virtual para/ }).click();
  await page
    .getByRole('dialog', { name: 'Solicitar cartão virtual?' })
    .getByRole('button', { name: 'Solicitar' })
    .click();
  await page
    .getByRole('region', { name: 'Solicitar cartão virtual' })
    .getByText(/Cartão virtual solicitado para a conta/)
    .waitFor();
  await nav.getByRole('link', { name: 'Análises por CPF' }).click();
  const cpf = page.getByRole('textbox', { name: 'CPF' });
  await cpf.fill('52998224725');
  await cpf.press('Enter');
  await page
    .getByRole('table', { name: 'Propostas do CPF consultado' })
    .getByRole('rowheader')
    .first()
    .waitFor();
  await nav.getByRole('link', { name: 'Nova proposta' }).click();
  await page.getByText('Etapa 1 de 8', { exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Produtos' }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
}

export const memoryPart: BenchPart = {
  name: 'memory',
  goals: ['memoryGrowth'],
  ports: ({ ports }) => [
    [ports.appSandbox, 'the sandbox (memory)'],
    [ports.appPreview, 'the preview server (memory)'],
  ],
  async run(context: BenchContext) {
    const { minutes, loops, sampleEvery } = context.memory;
    const heap = await withBenchApp(context, [], async ({ browser, appUrl }) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
      await page.goto(`${appUrl}/`);
      await page.getByRole('button', { name: /Operador/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
      await journey(page, 0);
      const first = await heapAfterGc(page);
      const started = Date.now();
      const until = started + minutes * 60_000;
      // The heap after every few rounds too: a trend says more than two points (a leak grows steadily; a
      // cache that fills up and stops does not).
      const samples = [{ round: 1, minutes: 0, MiB: first }];
      let round = 1;
      // Bounded either way: a number of rounds, or (for the 30-minute session) a wall-clock limit.
      while (minutes > 0 ? Date.now() < until : round < loops) {
        await journey(page, round);
        round += 1;
        if (round % sampleEvery === 0) {
          const sample = { round, minutes: (Date.now() - started) / 60_000, MiB: await heapAfterGc(page) };
          samples.push(sample);
          context.log(
            `memory: round ${sample.round}, ${sample.minutes.toFixed(1)} min, heap ${sample.MiB.toFixed(2)} MiB`,
          );
        }
      }
      const last = await heapAfterGc(page);
      await page.close();
      return { rounds: round, first, last, samples };
    });
    // Not the goal, a reading of it: the first minutes fill what is bounded by time, not by rounds (V8's
    // optimised code; TanStack Query's caches keep an unused entry for gcTime, 5 minutes). Growth after that
    // is what a leak looks like.
    const warm = heap.samples.find((sample) => sample.minutes >= 5);
    const table = `Memory: ${heap.rounds} rounds of the operator journeys, JS heap after GC`;
    return {
      rows: [
        {
          table,
          label: 'app: one tab',
          cells: [
            { column: 'after the first round', unit: 'MiB', runs: [heap.first] },
            { column: 'after the last', unit: 'MiB', runs: [heap.last] },
            { column: 'last / first', unit: 'x', runs: [heap.last / heap.first] },
            { column: 'last / at 5 minutes', unit: 'x', runs: [warm ? heap.last / warm.MiB : NaN] },
          ],
        },
      ],
      goals: [{ id: 'memoryGrowth', runs: [heap.last / heap.first] }],
      raw: heap,
    };
  },
};
