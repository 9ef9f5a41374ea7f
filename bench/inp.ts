/**
 * The interactions part of `npm run bench`: the operators' and analysts' day at CPU 4x, journey by journey,
 * each interaction timed by the Event Timing API (bench/interactions.ts), INP per journey with its
 * worst interaction and that interaction's parts. The batch while it streams and the 100,000 accounts are
 * journeys of their own parts (batch.ts, accounts.ts), which report their INP the same way.
 *
 * - sign-in: the token typed, Enter;
 * - products: the quick filter typed and cleared, "Nova proposta" on a product;
 * - a whole application typed: every step's fields by keyboard, "Continuar" by Enter, the review, "Enviar";
 * - the status lookup: a CPF typed, Enter, the results, another CPF;
 * - cards: a virtual card requested from the list, a card cancelled behind its confirmation;
 * - accounts: the list opened, a column sorted twice, a search typed and cleared.
 */
import type { Browser, Page } from '@playwright/test';
import { stepOrder, type FormStepKey } from '@/features/credit-application/schema';
import { typedApplication, typedValuesOf } from '@/test/sample-application';
import { CPU_THROTTLING, withBenchApp, type BenchContext, type BenchPart, type Row } from './harness';
import { inpOf, interactionsOf, joined, recordInteractions, type Stretch } from './interactions';
import type { GoalId } from './goals';

/** A journey: its steps, each measured; the journey's INP over all of them. */
type Journey = (page: Page) => Promise<void>;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/** Types `text` at an operator's pace (one key a frame or so apart), into whatever has the focus. */
async function typeAtPace(page: Page, text: string) {
  for (const key of text) {
    await page.keyboard.type(key);
    await page.waitForTimeout(60);
  }
}

async function signIn(page: Page) {
  await page.goto('/');
  await page.getByLabel('Token de acesso').focus();
  await typeAtPace(page, 'sandbox-operator');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
}

const products: Journey = async (page) => {
  const filter = page.getByRole('searchbox');
  await filter.focus();
  await typeAtPace(page, 'Gold');
  for (let key = 0; key < 4; key += 1) await page.keyboard.press('Backspace');
  await page.getByRole('rowheader').first().waitFor();
  await page
    .getByRole('link', { name: /^Nova proposta/ })
    .first()
    .click();
  await page.getByText('Etapa 1 de 8', { exact: true }).waitFor();
};

const application: Journey = async (page) => {
  await nav(page).getByRole('link', { name: 'Nova proposta' }).click();
  const applicant = typedApplication();
  const steps = stepOrder.flatMap(({ key }) => (key === 'review' ? [] : [key satisfies FormStepKey]));
  for (const [index, step] of steps.entries()) {
    await page.getByText(`Etapa ${index + 1} de 8`, { exact: true }).waitFor();
    for (const { path, value } of typedValuesOf(step, applicant)) {
      const input = page.locator(`[name="${path}"]`);
      if (await input.evaluate((element) => element instanceof HTMLSelectElement)) {
        await input.selectOption(value);
        continue;
      }
      // A field the app filled (the suggested printed name) is typed over, as an operator does.
      await input.fill('');
      await input.focus();
      await typeAtPace(page, value);
    }
    await page.getByRole('button', { name: 'Continuar' }).click();
  }
  await page.getByText('Etapa 8 de 8', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Enviar proposta' }).click();
  await page.getByText('Proposta enviada').first().waitFor();
};

const statusLookup: Journey = async (page) => {
  await nav(page).getByRole('link', { name: 'Análises por CPF' }).click();
  const cpf = page.getByRole('textbox', { name: 'CPF' });
  for (const number of ['52998224725', '27548360983']) {
    await cpf.focus();
    await page.keyboard.press('Control+A');
    await typeAtPace(page, number);
    await page.keyboard.press('Enter');
    await page
      .getByRole('table', { name: 'Propostas do CPF consultado' })
      .getByRole('rowheader')
      .first()
      .waitFor();
  }
};

/** Cards the cards journey has cancelled in this sandbox so far. */
let cardsCancelled = 0;

const cards: Journey = async (page) => {
  await nav(page).getByRole('link', { name: 'Cartões' }).click();
  const picker = page.getByRole('combobox', { name: 'Conta' });
  await picker.focus();
  await typeAtPace(page, '1042426');
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
  await page
    .getByRole('dialog', { name: 'Solicitar cartão virtual?' })
    .getByRole('button', { name: 'Solicitar' })
    .click();
  await page
    .getByRole('region', { name: 'Solicitar cartão virtual' })
    .getByText(/Cartão virtual solicitado para a conta/)
    .waitFor();
  // Each run cancels a card of its own: the sandbox outlives a run, and a cancelled card is refused.
  const code = String(5001 + cardsCancelled);
  cardsCancelled += 1;
  await page.getByRole('textbox', { name: 'Código do cartão' }).focus();
  await typeAtPace(page, code);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancelar o cartão ${code}?` });
  await dialog.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' }).focus();
  await typeAtPace(page, code);
  await page.keyboard.press('Enter');
  await page.getByText(`Cartão ${code} cancelado`).first().waitFor();
};

const accounts: Journey = async (page) => {
  await nav(page).getByRole('link', { name: 'Contas' }).click();
  const table = page.getByRole('table', { name: 'Contas da instituição' });
  await table.getByRole('rowheader').first().waitFor();
  for (const direction of ['ascending', 'descending']) {
    await table.getByRole('button', { name: 'Disponível' }).click();
    await table
      .getByRole('columnheader', { name: 'Disponível' })
      .and(page.locator(`[aria-sort="${direction}"]`))
      .waitFor();
  }
  await page.getByRole('searchbox', { name: 'Buscar contas' }).focus();
  await typeAtPace(page, 'comercio');
  for (let key = 0; key < 'comercio'.length; key += 1) await page.keyboard.press('Backspace');
  await table.getByRole('rowheader').first().waitFor();
};

const journeys: Array<{ label: string; goal: GoalId; run: Journey }> = [
  { label: 'products: filter, start an application', goal: 'inpProducts', run: products },
  { label: 'a whole application typed and sent', goal: 'inpApplication', run: application },
  { label: 'status lookup: two CPFs', goal: 'inpStatusLookup', run: statusLookup },
  { label: 'cards: request and cancel', goal: 'inpCards', run: cards },
  { label: 'accounts: sort, search', goal: 'inpAccountsScreen', run: accounts },
];

/** Every journey once in one signed-in tab, at CPU 4x: sign-in's own stretch first. */
async function measureJourneys(
  browser: Browser,
  appUrl: string,
  log: (line: string) => void,
): Promise<Map<GoalId, Stretch>> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    baseURL: appUrl,
  });
  const page = await context.newPage();
  try {
    await recordInteractions(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    const stretches = new Map<GoalId, Stretch>();
    log('interactions: sign-in');
    await signIn(page);
    stretches.set('inpSignIn', await interactionsOf(page));
    for (const journey of journeys) {
      log(`interactions: ${journey.label}`);
      await journey.run(page);
      stretches.set(journey.goal, await interactionsOf(page));
    }
    return stretches;
  } finally {
    await context.close();
  }
}

/** The rows of one journey's INP: the figure, the worst interaction and its parts. */
export function inpRow(table: string, label: string, stretches: readonly Stretch[]): Row {
  const inps = stretches.map(inpOf);
  const worst = inps.reduce<(typeof inps)[number]>(
    (a, b) => ((b?.latency ?? 0) > (a?.latency ?? 0) ? b : a),
    null,
  );
  return {
    table,
    label,
    cells: [
      { column: 'INP', unit: 'ms', runs: inps.map((inp) => inp?.latency ?? 0) },
      { column: 'interactions', unit: 'count', runs: stretches.map((stretch) => stretch.count) },
      { column: 'input delay', unit: 'ms', runs: [worst?.inputDelay ?? 0] },
      { column: 'processing', unit: 'ms', runs: [worst?.processing ?? 0] },
      { column: 'presentation', unit: 'ms', runs: [worst?.presentation ?? 0] },
      {
        column: 'worst interaction',
        texts: [worst ? `${worst.type} on ${worst.target}` : '(none over 16 ms)'],
      },
    ],
  };
}

export const inpTable = `Interactions: INP per journey at CPU ${CPU_THROTTLING}x (Event Timing; the worst interaction's parts)`;

export const inpPart: BenchPart = {
  name: 'interactions',
  goals: ['inpSignIn', 'inpProducts', 'inpApplication', 'inpStatusLookup', 'inpCards', 'inpAccountsScreen'],
  ports: ({ ports }) => [
    [ports.appSandbox, 'the sandbox (interactions)'],
    [ports.appPreview, 'the preview server (interactions)'],
  ],
  async run(context: BenchContext) {
    const runs: Array<Map<GoalId, Stretch>> = [];
    await withBenchApp(context, [], async ({ browser, appUrl }) => {
      for (let run = 0; run < context.runs; run += 1) {
        context.log(`interactions: run ${run + 1} of ${context.runs}`);
        runs.push(await measureJourneys(browser, appUrl, context.log));
      }
    });
    const ids: GoalId[] = ['inpSignIn', ...journeys.map((journey) => journey.goal)];
    const labelOf = (id: GoalId) =>
      id === 'inpSignIn'
        ? 'sign-in: the token typed, Enter'
        : (journeys.find((j) => j.goal === id)?.label ?? id);
    const stretchesOf = (id: GoalId) => runs.flatMap((run) => (run.has(id) ? [run.get(id) as Stretch] : []));
    return {
      rows: ids.map((id) => inpRow(inpTable, labelOf(id), stretchesOf(id))),
      goals: ids.map((id) => ({ id, runs: stretchesOf(id).map((stretch) => inpOf(stretch)?.latency ?? 0) })),
      raw: Object.fromEntries(ids.map((id) => [id, stretchesOf(id).map((stretch) => joined([stretch]))])),
    };
  },
};
