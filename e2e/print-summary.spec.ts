import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { seededCpfs } from '../src/sandbox/seed';
import { expect, test } from './fixtures';
import type { PrivacyWatch } from './support/privacy-watch';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { applicant, fillCreditApplication, maskedCpf } from './wizard-helpers';

/**
 * The application on paper (and the single CPF lookup's printout): what a print shows, checked in print
 * media, and the A4 PDF the browser makes of it, read back with poppler's pdftotext (Debian's
 * poppler-utils; `.ci/run` installs it) to count pages and to find on which page each section lies.
 */

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
/** The applicant's data as it may show: the CPF raw and masked, the name. */
const { nome } = applicant.portador;
const cpfMasked = maskedCpf(applicant.portador.cpf);
const personalData = [applicant.portador.cpf, cpfMasked, nome];

function watchApplicant(privacy: PrivacyWatch) {
  // The status lookup carries the CPF in its path by contract; pages, titles and storage are still swept.
  privacy.allowStatusLookups();
  for (const value of personalData) privacy.watch(value);
}

/** Presses a print button with the browser's dialog recorded, not shown, then lays the page out for paper. */
async function printWith(page: Page, button: Locator) {
  await page.evaluate(() => {
    delete document.body.dataset.printed;
    window.print = () => {
      document.body.dataset.printed = 'yes';
    };
  });
  await button.click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes', { timeout: 30_000 });
  await page.emulateMedia({ media: 'print' });
}

/** Label–value pairs as shown: the review's `dt`/`dd` on screen, the summary's `th`/`td` on paper. */
async function pairs(container: Locator, label: string, value: string): Promise<string[]> {
  return container.evaluate(
    (root, selectors) => {
      const labels = [...root.querySelectorAll<HTMLElement>(selectors.label)];
      return labels.map((element) => {
        const next =
          selectors.value === 'dd'
            ? element.nextElementSibling
            : element.parentElement?.querySelector(selectors.value);
        return `${element.innerText.trim()} = ${(next as HTMLElement | null)?.innerText.trim() ?? ''}`;
      });
    },
    { label, value },
  );
}

/** The PDF a browser would print (A4 from the stylesheet), as the text of each page. */
async function printedPages(page: Page, name: string): Promise<string[]> {
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const directory = SHOTS_DIR ?? mkdtempSync(path.join(tmpdir(), 'print-summary-'));
  const file = path.join(directory, `${name}.pdf`);
  writeFileSync(file, pdf);
  // A4 (595 x 842 points) from the @page rule; Chromium's default would be Letter (612 x 792).
  expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
  let text: string;
  try {
    text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    throw new Error(
      `pdftotext (Debian: apt-get install poppler-utils) could not read ${file}: ${String(error)}`,
    );
  }
  return text.split('\f').filter((pageText) => pageText.trim() !== '');
}

interface PrintedSection {
  heading: string;
  labels: string[];
}

/** The summary's sections, read before the PDF is made (making it fires `afterprint`, which ends the layout). */
async function sectionsOf(paper: Locator): Promise<PrintedSection[]> {
  const sections = await paper.locator('section[data-print-section]').evaluateAll((elements) =>
    elements.map((section) => ({
      heading: section.querySelector('h2')?.textContent ?? section.querySelector('p')?.textContent ?? '',
      labels: [...section.querySelectorAll('th')].map((cell) => cell.textContent),
    })),
  );
  expect(sections.length).toBeGreaterThanOrEqual(7);
  return sections;
}

/**
 * No section cut across two pages: each section's heading and every label of its rows are on one page.
 * (A section longer than a page could not hold this; none of an application's is.)
 */
function expectNoSectionSplit(sections: readonly PrintedSection[], pages: readonly string[]) {
  const squash = (text: string) => text.replace(/\s+/g, ' ');
  const squashed = pages.map(squash);
  for (const { heading, labels } of sections) {
    const head = squash(heading).slice(0, 40);
    const on = squashed.findIndex((pageText) => pageText.includes(head));
    expect(on, `section "${head}" is on some page`).toBeGreaterThanOrEqual(0);
    for (const label of labels)
      expect(squashed[on], `"${label}" on the page of section "${head}"`).toContain(squash(label));
  }
}

test.describe('the application on paper', () => {
  test('the review prints a signable summary on at most 4 A4 pages, in Portuguese and in English, light and dark', async ({
    page,
    privacy,
  }) => {
    test.setTimeout(60_000);
    watchApplicant(privacy);
    await signInWithSandboxToken(page);
    await fillCreditApplication(page, { phones: 10, addresses: 10 });

    // What the review shows, label by label, before anything is printed.
    const onScreen = await pairs(page.locator('main'), 'dl dt', 'dd');
    expect(onScreen.length).toBeGreaterThan(30);
    expect(onScreen.some((pair) => pair.startsWith('Telefone 10 = '))).toBe(true);

    await printWith(page, page.getByRole('button', { name: 'Imprimir resumo' }));
    for (const hidden of [
      page.getByRole('banner'),
      page.getByRole('navigation', { name: 'Navegação principal' }),
      page.getByText('SANDBOX: dados fictícios'),
      page.getByRole('button', { name: 'Enviar proposta' }),
      page.getByRole('button', { name: 'Imprimir resumo' }),
      page.getByText('Detalhes técnicos: o pedido como será enviado'),
      page.getByRole('heading', { level: 1, name: 'Nova proposta de crédito' }),
    ])
      await expect(hidden).toBeHidden();

    const paper = page.getByTestId('application-print');
    await expect(
      paper.getByRole('heading', { level: 1, name: 'Resumo da proposta de crédito' }),
    ).toBeVisible();
    await expect(paper.getByText('Rascunho — não enviado', { exact: true })).toBeVisible();
    await expect(paper.getByText('Cartões · Back-office', { exact: true })).toBeVisible();
    await expect(paper.getByText(/^Emitido em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · Operador:/)).toBeVisible();
    // Every value of the review, with the same label as on screen.
    expect(await pairs(paper, 'th', 'td')).toEqual(onScreen);
    await expect(paper.getByTestId('signature-line')).toHaveCount(2);
    await expect(paper.getByTestId('signature-line').first()).toContainText(
      `Assinatura do cliente${nome} · CPF ${cpfMasked}`,
    );
    await expect(paper.getByText(/^Declaro que conferi os dados acima/)).toBeVisible();
    // Nothing the browser prints around the page (its title and address) holds the customer's data.
    for (const place of [await page.title(), page.url()])
      for (const value of personalData) expect(place).not.toContain(value);

    const sections = await sectionsOf(paper);
    const pages = await printedPages(page, 'application-draft-pt');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(4);
    expect(pages[0]).toContain(`página 1 de ${pages.length}`);
    expectNoSectionSplit(sections, pages);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(paper).toHaveCount(0);

    // English and the dark theme: the same summary, black on white.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Use dark theme' }).click();
    const onScreenEnglish = await pairs(page.locator('main'), 'dl dt', 'dd');
    await printWith(page, page.getByRole('button', { name: 'Print summary' }));
    const paperEnglish = page.getByTestId('application-print');
    await expect(
      paperEnglish.getByRole('heading', { level: 1, name: 'Credit application summary' }),
    ).toBeVisible();
    await expect(paperEnglish.getByText('Draft — not sent', { exact: true })).toBeVisible();
    expect(await pairs(paperEnglish, 'th', 'td')).toEqual(onScreenEnglish);
    const colors = await page.evaluate(() => ({
      text: getComputedStyle(document.querySelector('[data-testid="application-print"] td') ?? document.body)
        .color,
      body: getComputedStyle(document.body).backgroundColor,
    }));
    expect(colors).toEqual({ text: 'rgb(0, 0, 0)', body: 'rgb(255, 255, 255)' });
    const sectionsEnglish = await sectionsOf(paperEnglish);
    const pagesEnglish = await printedPages(page, 'application-draft-en-dark');
    expect(pagesEnglish.length).toBeLessThanOrEqual(4);
    expect(pagesEnglish[0]).toContain(`page 1 of ${pagesEnglish.length}`);
    expectNoSectionSplit(sectionsEnglish, pagesEnglish);
    await page.emulateMedia({ media: 'screen' });
  });
});

test.describe('the single CPF lookup on paper', () => {
  test('prints the CPF masked (whole when asked), the time of the lookup and the table', async ({
    page,
    privacy,
  }) => {
    const cpf = seededCpfs.underReviewAndDeclined;
    privacy.allowStatusLookups();
    privacy.watch(cpf);
    privacy.watch(maskedCpf(cpf));
    await signInWithSandboxToken(page);
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Análises por CPF' })
      .click();
    await page.getByRole('textbox', { name: 'CPF' }).fill(cpf);
    await page.getByRole('textbox', { name: 'CPF' }).press('Enter');
    const table = page.getByRole('table', { name: 'Propostas do CPF consultado' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const codes = await table.getByRole('rowheader').allInnerTexts();

    await printWith(page, page.getByRole('button', { name: 'Imprimir', exact: true }));
    const paper = page.getByTestId('analysis-print');
    await expect(paper.getByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeVisible();
    await expect(
      paper.getByText(`CPF: ***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}`, { exact: true }),
    ).toBeVisible();
    await expect(paper.getByText(/^Consultado em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'CPF' })).toBeHidden();
    const printed = await paper.getByRole('table').innerText();
    for (const code of codes) expect(printed).toContain(code.trim());
    expect(await paper.innerText()).not.toContain(maskedCpf(cpf));
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    await page.getByRole('checkbox', { name: 'CPF completo na impressão' }).check();
    await printWith(page, page.getByRole('button', { name: 'Imprimir', exact: true }));
    await expect(page.getByTestId('analysis-print').getByText(`CPF: ${maskedCpf(cpf)}`)).toBeVisible();
    const pages = await printedPages(page, 'analysis-single');
    expect(pages).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
  });
});
