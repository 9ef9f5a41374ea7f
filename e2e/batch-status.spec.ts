import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generateSeededAnalyses, seedLookups, seededCpfs } from '../src/sandbox/seed';
import { expect, test } from './fixtures';
import { printedShot, shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { patchConfig } from './support/patch-config';
import type { PrivacyWatch } from './support/privacy-watch';
import type { SandboxControl } from './support/sandbox-control';
import { signInWithSandboxToken } from './support/sandbox-sign-in';

const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** The status lookup's path carries the CPF by contract; everywhere else the sweep looks for them. */
function watchCpfs(privacy: PrivacyWatch, cpfs: readonly string[]) {
  privacy.allowStatusLookups();
  for (const cpf of cpfs) {
    privacy.watch(cpf);
    privacy.watch(formatted(cpf));
  }
}

/** 30 CPFs of `seedAnalyses` and six named ones: 36 distinct CPFs, each with its tracking codes. */
const BATCH_SEED = 30;
const seeded = generateSeededAnalyses(BATCH_SEED);
const named = seedLookups();
const namedCpfs = [
  seededCpfs.approved,
  seededCpfs.underReviewAndDeclined,
  seededCpfs.pendingDocuments,
  seededCpfs.unknownStatus,
  seededCpfs.withErrors,
  seededCpfs.freshApproves, // no applications
];
const cpfs = [...seeded.keys(), ...namedCpfs];
const codesOf = (cpf: string) =>
  (seeded.get(cpf) ?? named.get(cpf))?.analyses.map((analysis) => analysis.CodigoParaAcompanhamento) ?? [];
const allCodes = cpfs.flatMap(codesOf);
/** The first `count` CPFs of `seedAnalyses`, the same on every run. */
const seededFirst = (count: number) => [...generateSeededAnalyses(count).keys()];

/**
 * 40 entries as an analyst pastes them: a header, one or several per line, raw, masked and half-masked,
 * separated by newlines, commas, semicolons, tabs and spaces; three invalid (a wrong check digit, a
 * line of words, a CPF that lost its leading zero) and two repeats.
 */
function pastedList(): string {
  const forms = [(cpf: string) => cpf, formatted, (cpf: string) => `${cpf.slice(0, 9)}-${cpf.slice(9)}`];
  const written = cpfs.map((cpf, index) => forms[index % forms.length]!(cpf));
  const lines: string[] = ['CPF'];
  const separators = ['\n', ', ', ';', '\t', '  '];
  let line = '';
  written.forEach((entry, index) => {
    line += entry;
    const separator = separators[index % separators.length]!;
    if (separator === '\n') {
      lines.push(line);
      line = '';
    } else line += separator;
  });
  lines.push(line);
  lines.push('529.982.247-26'); // wrong check digit
  lines.push('abc'); // not a CPF at all
  lines.push(formatted(cpfs[3]!)); // repeat
  lines.push('6247311974'); // 06247311974 stored as a number
  lines.push(cpfs[10]!); // repeat
  return lines.join('\n');
}

/** Signs in, opens "Análises por CPF" from the navigation and its "Em lote" tab by keyboard. */
async function openBatch(page: Page) {
  await signInWithSandboxToken(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Análises por CPF' })
    .click();
  // The screen's first load: a lazy chunk, slow on a machine loaded far past its cores.
  await expect(page.getByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeVisible({
    timeout: 30_000,
  });
  const tabs = page.getByRole('navigation', { name: 'Modo de consulta' });
  await expect(tabs.getByRole('link', { name: 'Um CPF' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Em lote' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Análises por CPF em lote' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(tabs.getByRole('link', { name: 'Em lote' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\/analises\/lote$/);
}

async function lookupsPerCpf(sandbox: SandboxControl): Promise<Record<string, number>> {
  const stats = (await sandbox.stats()) as { statusLookupsPerCpf: Record<string, number> };
  return stats.statusLookupsPerCpf;
}

const STATUS_URL = /\/api\/v1\/cards\/request\/(\d{11})\/$/;

/**
 * Status lookups the page has sent and not yet had an answer for, and the most at once. A lookup ends
 * at its answer's headers: the batch starts the next one only after it has read the body.
 */
function watchInFlight(page: Page) {
  const seen = { now: 0, most: 0, sent: 0, aborted: 0 };
  const open = new Set<unknown>();
  page.on('request', (request) => {
    if (request.method() !== 'GET' || !STATUS_URL.test(request.url())) return;
    open.add(request);
    seen.sent += 1;
    seen.now = open.size;
    seen.most = Math.max(seen.most, open.size);
  });
  const close = (request: unknown) => {
    open.delete(request);
    seen.now = open.size;
  };
  page.on('response', (response) => close(response.request()));
  page.on('requestfailed', (request) => {
    if (open.has(request)) seen.aborted += 1;
    close(request);
  });
  return seen;
}

const progress = (page: Page) => page.getByTestId('batch-progress');
const resultsTable = (page: Page) => page.getByRole('table', { name: 'Resultados da consulta em lote' });

/**
 * The batch in a real browser: a day of CPFs over the network, four at a time through the provider's
 * 429s, each asked once, down to the CSV file; a file dropped or picked; the paper; the browser's own
 * question before the tab closes while it runs, and the requests it stops. Filtering, sorting, stopping,
 * retrying, paging, the export's choices and the batch emptied on sign-out are proven by
 * batch-page.test.tsx on the same sandbox handlers; the pictured states' pictures and axe passes (running,
 * done, the export dialog) by e2e/visual/screens.visual.ts.
 */
test.describe('batch status lookup', () => {
  test('a pasted day of CPFs: checked first, four at a time through two 429s, each asked once, every code in the table and the CSV @firefox', async ({
    page,
    sandbox,
    privacy,
  }) => {
    test.setTimeout(60_000);
    // Answers that take a while, so that the batch's progress and its pause can be seen.
    await sandbox.reset({ seedAnalyses: BATCH_SEED, statusDelayMs: 250 });
    // Only the two 429s may make a CPF be asked twice: no client time-out on a machine loaded past its
    // cores (the time-out path has its own tests).
    await patchConfig(page, { requestTimeoutMs: 60_000 });
    watchCpfs(privacy, cpfs);
    const inFlight = watchInFlight(page);
    await openBatch(page);

    await page.getByRole('textbox', { name: 'CPFs' }).fill(pastedList());
    await expect(page.getByText('38 válidos · 3 inválidos · 2 repetidos')).toBeVisible();
    const invalid = page.getByRole('group', { name: 'Não serão consultados' });
    await expect(invalid.getByRole('listitem')).toHaveCount(3);
    await expect(invalid).toContainText('529.982.247-26 — os dígitos verificadores não conferem');
    await expect(invalid).toContainText(/Linha \d+: abc — não é um CPF \(nenhum dígito\)/);
    await expect(invalid).toContainText('6247311974 — 10 dígitos: parece um CPF que perdeu os zeros');
    // Nothing is sent before the analyst starts.
    expect(Object.keys(await lookupsPerCpf(sandbox))).toEqual([]);
    expect(inFlight.sent).toBe(0);
    await expectNoAxeViolations(page, 'batch, list checked');
    await shot(page, 'batch-input-1280-light');

    // Two 429s on the way: the batch waits Retry-After, then asks those two again.
    await sandbox.fault({ endpoint: 'analysisStatus', kind: '429', times: 2, retryAfterSeconds: 2 });
    await page.getByRole('button', { name: 'Consultar 36 CPFs' }).click();
    await expect(page.getByRole('heading', { name: 'Andamento' })).toBeFocused();
    const pause = page.getByText(
      /^O provedor pediu uma pausa \(muitos pedidos em pouco tempo\)\. Nenhuma consulta começa antes de/,
    );
    await expect(pause).toBeVisible();
    // While it runs: done of total, and an estimate of what is left.
    await expect(progress(page)).toHaveText(/^\d+ de 36 consultados · cerca de \d+ (s|min) restantes$/);
    const bar = page.getByRole('progressbar', { name: 'Progresso da consulta em lote' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await shot(page, 'batch-running-1280-light');
    await expectNoAxeViolations(page, 'batch, running');
    await expect(progress(page)).toHaveText(/^36 de 36 consultados · Concluída em/, { timeout: 90_000 });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(pause).toBeHidden();

    // Never more than batchConcurrency (4) at once; more than one, or it would not be a batch.
    expect(inFlight.most).toBeLessThanOrEqual(4);
    expect(inFlight.most).toBeGreaterThan(1);
    // Every valid CPF asked, each once, but the two the 429s refused: twice.
    const asked = await lookupsPerCpf(sandbox);
    expect(Object.keys(asked).sort()).toEqual([...cpfs].sort());
    const counts = Object.values(asked);
    expect(counts.filter((count) => count === 1)).toHaveLength(34);
    expect(counts.filter((count) => count === 2)).toHaveLength(2);

    // Every tracking code is in the table (the whole table: 200 rows or fewer are not virtualized).
    const tableText = await resultsTable(page).innerText();
    for (const code of allCodes) expect(tableText).toContain(code);
    await expect(resultsTable(page).getByRole('row').filter({ hasText: 'Sem propostas' })).toHaveCount(1);
    await expect(page.getByText(`${allCodes.length + 1} de ${allCodes.length + 1} linhas`)).toBeVisible();
    await expect(page).toHaveURL(/\/analises\/lote$/);

    // The CSV: UTF-8 with a BOM, one row per code, the CPF without applications and the invalid entries;
    // the analyst is asked how the CPFs go in (masked, as on screen, unless chosen otherwise).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar CSV' });
    await expect(dialog).toContainText(
      `Todas as ${allCodes.length + 1} linhas da consulta. Também as 3 entradas da lista que não são CPFs.`,
    );
    await expect(dialog.getByRole('radio', { name: /^Mascarados/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Exportar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^analises-em-lote-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const csvLines = csv.slice(1).split('\r\n');
    expect(csvLines[0]).toBe(
      'Linha;CPF;Código para acompanhamento;Status;Código do status;Situação;Erros;Alertas;Motivo da falha;Observações',
    );
    for (const code of allCodes)
      expect(csvLines.filter((line) => line.includes(`;${code};`))).toHaveLength(1);
    expect(csvLines.filter((line) => line.includes(`;***.***.*19-74;;;;Sem propostas;`))).toHaveLength(1);
    for (const cpf of cpfs) expect(csv).not.toContain(formatted(cpf));
    expect(csvLines.filter((line) => line.includes('CPF inválido (não consultado)'))).toHaveLength(3);
    expect(csvLines.filter((line) => /;\*\*\*;.*;não é um CPF \(nenhum dígito\);$/.test(line))).toHaveLength(
      1,
    );
    expect(csvLines).toHaveLength(1 + allCodes.length + 1 + 3);
  });

  test('a dropped CSV gives its CPF column, a picked .txt its lines; a wrong file is refused; nothing is sent before the start', async ({
    page,
    sandbox,
    privacy,
  }) => {
    const [ana, bruno] = [seededCpfs.approved, seededCpfs.underReviewAndDeclined];
    watchCpfs(privacy, [ana, bruno, seededCpfs.freshApproves]);
    await openBatch(page);
    const field = page.getByRole('textbox', { name: 'CPFs' });

    // A spreadsheet's export, dropped on the list: only the column named CPF is read (not the phones).
    const csv = [
      'Nome;CPF;Telefone',
      `Ana;${formatted(ana)};(11) 98765-4321`,
      `Bruno;${bruno};11987654321`,
      'Carla;529.982.247-26;(21) 2222-3333',
      `Ana de novo;${formatted(ana)};`,
    ].join('\r\n');
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dia.csv', { type: 'text/csv' }));
      return transfer;
    }, csv);
    await field.dispatchEvent('dragenter', { dataTransfer: dropped });
    await expect(page.getByText('Solte o arquivo para ler os CPFs')).toBeVisible();
    await field.dispatchEvent('drop', { dataTransfer: dropped });
    await expect(field).toHaveValue(
      ['CPF', formatted(ana), bruno, '529.982.247-26', formatted(ana)].join('\n'),
    );
    await expect(page.getByText('3 válidos · 1 inválido · 1 repetido')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Não serão consultados' })).toHaveText(
      /Linha 4: 529\.982\.247-26 — os dígitos verificadores não conferem/,
    );
    // Said to screen readers (a live region, visually hidden).
    await expect(
      page.locator('[aria-live]').filter({ hasText: 'Arquivo dia.csv lido: 5 linhas.' }),
    ).toHaveCount(1);

    // The file picker, with a .txt whose CPF lost its leading zero in a spreadsheet: completed on request.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({
      name: 'lista.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`6247311974\n${bruno}\n`),
    });
    await expect(page.getByText('1 válido · 1 inválido · 0 repetidos')).toBeVisible();
    await page.getByRole('button', { name: 'Completar com zeros à esquerda (1)' }).click();
    await expect(field).toHaveValue(`062.473.119-74\n${bruno}\n`);
    await expect(page.getByText('2 válidos · 0 inválidos · 0 repetidos')).toBeVisible();

    // Anything but .csv or .txt is refused, and the list stays as it was.
    await picker.setInputFiles({
      name: 'lista.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF'),
    });
    await expect(page.getByText('O arquivo lista.pdf não foi lido: só .csv ou .txt.')).toBeVisible();
    await expect(field).toHaveValue(`062.473.119-74\n${bruno}\n`);
    await expectNoAxeViolations(page, 'batch, a file refused');
    expect(Object.keys(await lookupsPerCpf(sandbox))).toEqual([]);

    await page.getByRole('button', { name: 'Consultar 2 CPFs' }).click();
    await expect(progress(page)).toHaveText(/^2 de 2 consultados · Concluída/, { timeout: 30_000 });
    expect(await lookupsPerCpf(sandbox)).toEqual({ [seededCpfs.freshApproves]: 1, [bruno]: 1 });
  });

  test('prints on A4 without the app around it, black on white in the dark theme', async ({
    page,
    sandbox,
    privacy,
  }) => {
    await sandbox.reset({ seedAnalyses: 12 });
    const twelve = seededFirst(12);
    watchCpfs(privacy, twelve);
    await openBatch(page);
    await page.getByRole('textbox', { name: 'CPFs' }).fill(twelve.join('\n'));
    await page.getByRole('button', { name: 'Consultar 12 CPFs' }).click();
    await expect(progress(page)).toHaveText(/Concluída/, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();

    // The button lays the print view out and opens the browser's dialog (recorded here, not shown).
    await page.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes';
      };
    });
    await page.getByRole('button', { name: 'Imprimir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimir' });
    await expect(dialog.getByRole('radio', { name: /^Mascarados/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Imprimir' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes', { timeout: 30_000 });
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      page.getByRole('banner'),
      page.getByRole('navigation', { name: 'Navegação principal' }),
      page.getByText('SANDBOX: dados fictícios'),
      page.getByRole('button', { name: 'Exportar CSV' }),
      page.getByRole('button', { name: 'Sair' }),
      page.getByRole('heading', { level: 1, name: 'Análises por CPF em lote' }),
    ])
      await expect(hidden).toBeHidden();
    const paper = page.locator('.print-only');
    await expect(
      paper.getByRole('heading', { level: 1, name: 'Consulta de análises em lote' }),
    ).toBeVisible();
    await expect(paper.getByText('Cartões · Back-office', { exact: true })).toBeVisible();
    await expect(paper.getByText('Ambiente: E2E', { exact: true })).toBeVisible();
    await expect(paper.getByText(/^Emitido em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · Operador:/)).toBeVisible();
    await expect(paper.getByTestId('print-counts')).toHaveText(/^Todos: \d+ · /);
    // What the paper holds, said on it.
    await expect(paper.getByTestId('print-selection')).toHaveText(
      /^Todas as \d+ linhas\. CPFs mascarados\.$/,
    );
    const printed = await paper.getByRole('table').innerText();
    for (const cpf of twelve) for (const code of codesOf(cpf)) expect(printed).toContain(code);
    // Masked on paper as on screen.
    for (const cpf of twelve) expect(printed).not.toContain(formatted(cpf));
    // Black on white whatever the theme.
    const colors = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('.print-only td') ?? document.body);
      return { text: style.color, body: getComputedStyle(document.body).backgroundColor };
    });
    expect(colors).toEqual({ text: 'rgb(0, 0, 0)', body: 'rgb(255, 255, 255)' });

    // The PDF a browser would print: A4 pages (the @page rule's size and margins).
    const pdf = await page.pdf({ preferCSSPageSize: true });
    const text = pdf.toString('latin1');
    // A4 from the stylesheet's @page (without it, Chromium's default is Letter, 612 x 792).
    expect(text).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
    await printedShot(page, 'batch-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('while a batch runs, leaving the screen or the tab asks first (not between its two tabs); leaving stops its requests', async ({
    page,
    sandbox,
    privacy,
  }) => {
    await sandbox.reset({ seedAnalyses: 6 });
    await patchConfig(page, { requestTimeoutMs: 60_000 });
    const six = seededFirst(6);
    watchCpfs(privacy, six);
    const inFlight = watchInFlight(page);
    await openBatch(page);
    // Answers that never come, until the lookups are stopped.
    await sandbox.fault({ endpoint: 'analysisStatus', kind: 'hang', times: 0 });
    await page.getByRole('textbox', { name: 'CPFs' }).fill(six.join('\n'));
    await page.getByRole('button', { name: 'Consultar 6 CPFs' }).click();
    await expect.poll(() => inFlight.now).toBe(4);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const dialog = page.getByRole('dialog', { name: 'A consulta em lote ainda está em andamento' });

    await nav.getByRole('link', { name: 'Produtos' }).click();
    await expect(dialog).toContainText('Faltam 6 de 6 CPFs.');
    await expect(dialog.getByRole('button', { name: 'Continuar aqui' })).toBeFocused();
    await expectNoAxeViolations(page, 'batch, leave dialog');
    await shot(page, 'batch-leave-dialog');
    await dialog.getByRole('button', { name: 'Continuar aqui' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/analises\/lote$/);

    // The other tab is the same screen: no question, and the batch goes on (its count on the tab).
    await page.getByRole('link', { name: 'Um CPF' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Em lote (0 de 6)' })).toBeVisible();
    await expect(dialog).toBeHidden();

    // Closing the browser tab gets the browser's own question; staying keeps everything.
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const beforeUnload = await question;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.dismiss();
    expect(page.isClosed()).toBe(false);

    // Leaving from the single lookup's tab asks too; "Parar e sair" stops what was left.
    await nav.getByRole('link', { name: 'Produtos' }).click();
    await dialog.getByRole('button', { name: 'Parar e sair' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    await expect.poll(() => inFlight.aborted).toBe(4);
    expect(inFlight.sent).toBe(4);
    await nav.getByRole('link', { name: 'Análises por CPF' }).click();
    await page.getByRole('link', { name: 'Em lote' }).click();
    await expect(progress(page)).toHaveText('0 de 6 consultados · 6 interrompidos');
  });
});
