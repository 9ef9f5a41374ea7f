import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { openNavigation } from './support/navigation';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import {
  continueToNextStep,
  field,
  fillDocumentStep,
  fillIncomeStep,
  fillPersonalStep,
  fillPhone,
  fillAddress,
  fillProductStep,
  openApplication,
} from './wizard-helpers';

/**
 * A new operator's first day with the wizard (issue 29), typed as a person types: key by key
 * (`pressSequentially`), a click at the end or in the middle of a field, a reload. Each test failed on
 * the wizard before the issue was fixed.
 */

const printedHelp = (page: Page) => page.locator('#campo-portador\\.nomeimpresso-help');

/** Signs in and opens a wizard step by in-app navigation (the wizard opened at step 1 first). */
async function openStep(page: Page, slug: string) {
  await signInWithSandboxToken(page);
  // Below md the navigation is behind its menu button: decided by the viewport, which the shell may not
  // have drawn yet (the button is clicked once it is there).
  await openNavigation(page);
  await openApplication(page);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/proposta/nova/${slug}`);
}

/** Where, from the left of `input`'s padding box, the text's first `characters` end (for a click there). */
async function textEndX(input: Locator, characters: number): Promise<number> {
  return input.evaluate((element, count) => {
    if (!(element instanceof HTMLInputElement)) throw new Error('not an input');
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    return parseFloat(style.paddingLeft) + context.measureText(element.value.slice(0, count)).width;
  }, characters);
}

/** The field's selection: [start, end]. */
const selectionOf = (input: Locator) =>
  input.evaluate((element) =>
    element instanceof HTMLInputElement ? [element.selectionStart, element.selectionEnd] : null,
  );

/** Types the full name key by key and leaves it with Tab (which suggests the printed name). */
async function typeFullName(page: Page, name: string) {
  await field(page, 'portador.nome').pressSequentially(name);
  await page.keyboard.press('Tab');
}

test.describe('the printed name: a suggestion is a suggestion', () => {
  test('Tab into the suggestion selects it: typing the name replaces it, and it says it was suggested', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    await typeFullName(page, 'José Silva Santos');
    const printed = field(page, 'portador.nomeimpresso');
    await expect(printed).toBeFocused();
    await expect(printed).toHaveValue('JOSE SILVA SANTOS');
    await expect(printedHelp(page)).toHaveText(
      'Sugerido a partir do nome completo: digite para trocar · 17 de 26',
    );
    expect(await selectionOf(printed)).toEqual([0, 17]);
    await printed.pressSequentially('JOSE S SANTOS');
    await expect(printed).toHaveValue('JOSE S SANTOS');
    await expect(printedHelp(page)).toHaveText('Letras A–Z: acentos e pontos saem ao digitar · 13 de 26');
    await expectNoAxeViolations(page, 'printed name typed over the suggestion');
  });

  test('a click at the end of the suggestion selects it all: the name typed is not added to it', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    await typeFullName(page, 'José Silva');
    // The operator clicks elsewhere first, then back into the printed name, at the end of its text.
    await field(page, 'portador.nomedamae').click();
    const printed = field(page, 'portador.nomeimpresso');
    await expect(printed).toHaveValue('JOSE SILVA');
    const box = await printed.boundingBox();
    const end = (await textEndX(printed, 10)) + 12;
    await printed.click({ position: { x: end, y: (box?.height ?? 40) / 2 } });
    expect(await selectionOf(printed)).toEqual([0, 10]);
    await printed.pressSequentially('JOSE S');
    await expect(printed).toHaveValue('JOSE S');
  });

  test('a click in the middle of the suggestion selects it all too; accents go as they are typed', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    await typeFullName(page, 'Ana Lúcia Conceição Lima');
    await field(page, 'portador.nomedamae').click();
    const printed = field(page, 'portador.nomeimpresso');
    await expect(printed).toHaveValue('ANA LUCIA CONCEICAO LIMA');
    const box = await printed.boundingBox();
    await printed.click({ position: { x: await textEndX(printed, 12), y: (box?.height ?? 40) / 2 } });
    expect(await selectionOf(printed)).toEqual([0, 24]);
    await printed.pressSequentially('ANA LÚCIA CONCEIÇÃO LIMA');
    await expect(printed).toHaveValue('ANA LUCIA CONCEICAO LIMA');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator('#campo-portador\\.nomeimpresso-help')).not.toHaveText(/Longo demais/);
    // A second click, in a field the operator is already in, places the caret as usual.
    await printed.click({ position: { x: await textEndX(printed, 4), y: (box?.height ?? 40) / 2 } });
    await printed.click({ position: { x: await textEndX(printed, 4), y: (box?.height ?? 40) / 2 } });
    expect(await selectionOf(printed)).toEqual([4, 4]);
  });

  test('the suggestion follows the full name until the operator edits the printed name', async ({ page }) => {
    await openStep(page, 'dados-pessoais');
    await typeFullName(page, 'Maria Souza');
    const printed = field(page, 'portador.nomeimpresso');
    await expect(printed).toHaveValue('MARIA SOUZA');
    // The full name corrected (a click at its end, the missing surname): the suggestion follows.
    const name = field(page, 'portador.nome');
    const box = await name.boundingBox();
    await name.click({ position: { x: (await textEndX(name, 11)) + 12, y: (box?.height ?? 40) / 2 } });
    await name.pressSequentially(' Lima');
    await page.keyboard.press('Tab');
    await expect(printed).toHaveValue('MARIA SOUZA LIMA');
    // Edited by hand: a later change of the full name leaves it alone.
    await printed.pressSequentially('MARIA S LIMA');
    await name.click({ position: { x: (await textEndX(name, 16)) + 12, y: (box?.height ?? 40) / 2 } });
    await name.pressSequentially(' Neto');
    await page.keyboard.press('Tab');
    await expect(printed).toHaveValue('MARIA S LIMA');
  });

  test('a name typed into the suggestion is refused for its real cause, before its length', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    await typeFullName(page, 'José Silva');
    const printed = field(page, 'portador.nomeimpresso');
    // The caret moved to the end with the keyboard (End), then the name typed as one naturally does.
    await page.keyboard.press('End');
    await printed.pressSequentially('JOSE S');
    await expect(printed).toHaveValue('JOSE SILVAJOSE S');
    await page.getByRole('button', { name: 'Continuar' }).click();
    const words =
      'Cada palavra precisa ser um dos nomes do nome completo, ou a inicial de um, uma vez só: confira se há palavras coladas ou repetidas.';
    await expect(printedHelp(page)).toHaveText(words);
    await expect(page.getByText('Etapa 2 de 8', { exact: true })).toBeVisible();
    // Long as well: still the words, not "abbreviate the middle names".
    await printed.pressSequentially(' SILVA SANTOS');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(printedHelp(page)).toHaveText(words);
    await expectNoAxeViolations(page, 'printed name refused for a foreign word');
  });

  test('accents and periods are removed as they are typed, letters raised, and the caret keeps its place', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    await typeFullName(page, "Joana Lúcia D'Ávila");
    const printed = field(page, 'portador.nomeimpresso');
    await printed.fill('');
    await printed.pressSequentially("joana d'ávila");
    await expect(printed).toHaveValue("JOANA D'AVILA");
    // Back to after "JOANA " with the arrow keys, and a middle name typed there with its accent and a period.
    await page.keyboard.press('Home');
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
    await printed.pressSequentially('l. ');
    await expect(printed).toHaveValue("JOANA L D'AVILA");
    expect(await selectionOf(printed)).toEqual([8, 8]);
    await printed.pressSequentially('ú');
    await expect(printed).toHaveValue("JOANA L UD'AVILA");
    expect(await selectionOf(printed)).toEqual([9, 9]);
    await page.keyboard.press('Backspace');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // A period never brings the accent message: nothing is refused for it.
    await expect(printedHelp(page)).toHaveText(/^Letras A–Z/);
  });
});

test('a reload at step 4 says the draft is gone and why, and starts again at step 1', async ({ page }) => {
  test.setTimeout(60_000); // three steps typed key by key, a reload, a sign-in, an axe scan
  await page.goto('/entrar');
  await page.getByRole('button', { name: /Operador/ }).click();
  await openApplication(page);
  await fillProductStep(page);
  await continueToNextStep(page);
  await fillPersonalStep(page);
  await continueToNextStep(page);
  await fillDocumentStep(page);
  await continueToNextStep(page);
  await fillIncomeStep(page);
  await expect(page.getByText('Etapa 4 de 8', { exact: true })).toBeVisible();
  // The browser asks first (unsent data); the operator reloads anyway, then signs in again.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole('button', { name: /Operador/ }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'O rascunho desta proposta se perdeu' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Ele fica só na memória desta aba');
  await expect(page.getByText('Etapa 1 de 8', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/proposta\/nova\/produto$/);
  await expectNoAxeViolations(page, 'draft lost');
});

test.describe('closed rows on a 390 px screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The closed line of row `title` shows its summary whole: wrapped, not cut. */
  async function expectWhole(page: Page, title: string, text: string) {
    const line = page.getByRole('button', { name: new RegExp(`^${title} `) });
    await expect(line).toContainText(text);
    const cut = await line.evaluate((button) =>
      [...button.querySelectorAll('span')].some(
        (span) => span.scrollWidth > span.clientWidth + 1 || span.getBoundingClientRect().right > innerWidth,
      ),
    );
    expect(cut, `${title}: nothing cut`).toBe(false);
  }

  /** `text` (a phone number, a CEP) sits on one line of row `title`'s line, not broken at its hyphen. */
  async function expectOnOneLine(page: Page, title: string, text: string) {
    const line = page.getByRole('button', { name: new RegExp(`^${title} `) });
    const lines = await line.evaluate((button, wanted) => {
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node instanceof Text) nodes.push(node);
      const whole = nodes.map((node) => node.data).join('');
      const start = whole.indexOf(wanted);
      if (start < 0) return -1;
      // The range over the text, across the text nodes it spans.
      const range = document.createRange();
      let offset = 0;
      for (const node of nodes) {
        const end = offset + node.data.length;
        if (start >= offset && start <= end) range.setStart(node, start - offset);
        if (start + wanted.length >= offset && start + wanted.length <= end)
          range.setEnd(node, start + wanted.length - offset);
        offset = end;
      }
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }, text);
    expect(lines, `${title}: "${text}" on one line`).toBe(1);
  }

  test('a closed phone and a closed address read whole, with the mailing choice on the line', async ({
    page,
  }) => {
    test.setTimeout(60_000); // two rows of each typed key by key, two axe scans
    await openStep(page, 'telefones');
    await fillPhone(page, 0);
    await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await fillPhone(page, 1);
    await expectWhole(page, 'Telefone 1', 'Celular: (11) 98765-4321');
    await expectOnOneLine(page, 'Telefone 1', '98765-4321');
    await expectNoAxeViolations(page, 'phones at 390');
    await shot(page, 'first-day-390x844-phones-closed-row');
    await continueToNextStep(page);

    await fillAddress(page, 0);
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    await fillAddress(page, 1);
    await expectWhole(page, 'Endereço 1', 'Rua Domingos de Morais, 1200');
    await expectWhole(page, 'Endereço 1', 'Residencial');
    await expectOnOneLine(page, 'Endereço 1', '04101-000');
    await expect(page.getByRole('radio', { name: 'Endereço de correspondência (Endereço 1)' })).toBeChecked();
    await expectNoAxeViolations(page, 'addresses at 390');
    await shot(page, 'first-day-390x844-addresses-closed-row');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the review and the answer speak the operator’s words; the raw data sit under “Detalhes técnicos”', async ({
  page,
}) => {
  test.setTimeout(90_000); // every step filled, a send, two disclosures
  await signInWithSandboxToken(page);
  await openApplication(page);
  await fillProductStep(page);
  await continueToNextStep(page);
  await fillPersonalStep(page);
  await continueToNextStep(page);
  await fillDocumentStep(page);
  await continueToNextStep(page);
  await fillIncomeStep(page);
  await continueToNextStep(page);
  await fillPhone(page, 0);
  await continueToNextStep(page);
  await fillAddress(page, 0);
  await continueToNextStep(page);
  await page.getByRole('button', { name: 'Adicionar cartão adicional' }).click();
  await expect(page.getByText('o pedido vai sem eles, e o emissor completa os dados depois')).toBeVisible();
  await shot(page, 'first-day-1280x800-additional-card');
  await continueToNextStep(page);

  const main = page.getByRole('main');
  await expect(page.getByRole('button', { name: 'Enviar proposta' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cartões adicionais' })).toContainText(
    'sem dados (o emissor completa)',
  );
  for (const technical of ['{}', 'JSON', 'corpo', 'requisição'])
    await expect(main, `no “${technical}” on the review`).not.toContainText(technical, {
      useInnerText: true,
    });
  const requestDetails = page.getByText('Detalhes técnicos: o pedido como será enviado');
  await expect(page.getByText('"codigodoproduto": 102')).toBeHidden();
  await requestDetails.click();
  await expect(page.getByText('"codigodoproduto": 102')).toBeVisible();
  await expectNoAxeViolations(page, 'review with technical details open');
  await shot(page, 'first-day-1280x800-review-technical-details');

  await page.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(page.getByText('Proposta enviada').first()).toBeVisible();
  await expect(page.getByText(/"conteudo"/)).toBeHidden();
  for (const technical of ['Detalhes:', 'JSON', 'idempotência'])
    await expect(main, `no “${technical}” on the answer`).not.toContainText(technical, {
      useInnerText: true,
    });
  await page.getByText('Detalhes técnicos: a resposta do provedor').click();
  await expect(page.getByText(/"CodigoParaAcompanhamento"/)).toBeVisible();
  await shot(page, 'first-day-1280x800-sent-technical-details');
});
