import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { openFromNavigation, openNavigation } from './support/navigation';
import { patchConfig } from './support/patch-config';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { shot } from './support/screenshots';
import {
  addressAt,
  applicant,
  field,
  fillAddress,
  fillCreditApplication,
  fillPersonalStep,
  fillPhone,
  fillProductStep,
  continueToNextStep,
  maskedCpf,
  openApplication,
} from './wizard-helpers';

/**
 * What only a browser shows of the credit application: a whole application typed as an operator types it
 * (keys and clicks counted), the clipboard and the caret (phones and dates pasted, the printed name's
 * suggestion selected by a click where the text is), rows laid out at 390 px, the browser's own
 * navigation away from a draft, and the send over a real connection that fails, hangs or loses its
 * answer. What the screen says for each step, each refusal and each provider answer is proven by the
 * page tests (src/features/credit-application/*.test.tsx) on the same sandbox handlers: a printed name
 * too long and a branch with its check digit kept whole and refused among them, and a CEP service that
 * is down; the steps' and the review's axe passes are the pictures' (e2e/visual).
 */

const { cpf, nome } = applicant.portador;
const name = (path: string) => `[name="${path}"]`;

/** Moves the open wizard to another step by in-app navigation (a reload would lose the in-memory token). */
async function goToStep(page: Page, slug: string) {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/proposta/nova/${slug}`);
}

/** Signs in, opens the wizard and goes to a step. */
async function openStep(page: Page, slug: string) {
  await signInWithSandboxToken(page);
  // Below md the navigation is behind its menu button: decided by the viewport, which the shell may not
  // have drawn yet (the button is clicked once it is there).
  await openNavigation(page);
  await openApplication(page);
  await goToStep(page, slug);
}

async function expectStep(page: Page, number: number, title: string) {
  await expect(page.getByText(`Etapa ${number} de 8`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(title);
}

/** Signs in on the sign-in screen, fills every step quickly (fill, not keystrokes), lands on the review. */
async function fillQuickly(page: Page) {
  await page.goto('/entrar');
  await page.getByRole('button', { name: /Operador/ }).click();
  await fillCreditApplication(page);
  await expectStep(page, 8, 'Revisão');
}

/** Puts `text` on the clipboard and pastes it into the field at `path` with the keyboard. */
async function paste(page: Page, path: string, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator(name(path)).focus();
  await page.keyboard.press('ControlOrMeta+V');
}

/** A whole application by keyboard: keys (a chord counts each of its keys) and clicks together. */
const MAX_KEYS_AND_CLICKS = 255;

class Operator {
  keys = 0;
  clicks = 0;
  /** Presses as the operator feels them (a chord is one). */
  presses = 0;

  constructor(private readonly page: Page) {}

  /** Types `text` key by key into the focused field. */
  async type(text: string) {
    await this.page.locator(':focus').pressSequentially(text);
    const length = Array.from(text).length;
    this.keys += length;
    this.presses += length;
  }

  /** Presses `key` (a chord: `Control+Enter`) `times` times. */
  async press(key: string, times = 1) {
    for (let time = 0; time < times; time += 1) {
      await this.page.keyboard.press(key);
      this.keys += key.split('+').length;
      this.presses += 1;
    }
  }

  async click(target: Locator) {
    await target.click();
    this.clicks += 1;
  }
}

const { portador } = applicant;

test('a whole application by keyboard: at most 255 keys and clicks', async ({ page, sandbox }, testInfo) => {
  await patchConfig(page, { cepLookupUrl: `${sandbox.base}/__sandbox/cep/{cep}/json/` });
  await signInWithSandboxToken(page);
  const operator = new Operator(page);
  // Where the keys go: the count at each step's start, reported with the total.
  const perStep: string[] = [];
  const step = async (number: number) => {
    perStep.push(`${number}: ${operator.keys + operator.clicks}`);
    await expect(page.getByText(`Etapa ${number} de 8`, { exact: true })).toBeVisible();
  };
  const focused = (path: string) => expect(field(page, path)).toBeFocused();

  await operator.click(
    page.getByRole('link', { name: 'Iniciar proposta com o produto Cartão Gold Internacional' }),
  );
  // Each step opens at its first empty field. Step 1: the product came with the link.
  await step(1);
  await focused('cartaodecredito.diadovencimento');
  await operator.type('10');
  await operator.press('Enter');

  // Step 2. The printed name (MARIA C S A LIMA) and the nationality (BRA) come last, suggested.
  await step(2);
  await focused('portador.cpf');
  await operator.type(portador.cpf);
  await operator.press('Tab');
  await operator.type(portador.nome);
  await operator.press('Tab');
  await operator.type(portador.nomedamae);
  await operator.press('Tab');
  await operator.type('12041988');
  await operator.press('Tab');
  await operator.type('F');
  await operator.press('Tab');
  await operator.type('C');
  await expect(field(page, 'portador.estadocivil')).toHaveValue('CASADO');
  await operator.press('Tab');
  await focused('portador.email');
  await operator.type(portador.email);
  await expect(field(page, 'portador.nomeimpresso')).toHaveValue('MARIA C S A LIMA');
  await operator.press('Enter');

  // Step 3.
  await step(3);
  await focused('portador.numerodaidentidade');
  await operator.type(portador.numerodaidentidade);
  await operator.press('Tab');
  await operator.type(portador.unidadefederativadaidentidade);
  await operator.press('Tab');
  await operator.type('30062010');
  // The issuer comes last, SSP, confirmed by eye.
  await expect(field(page, 'portador.orgaoexpedidordaidentidade')).toHaveValue('SSP');
  await operator.press('Enter');

  // Step 4: the income as an operator types it (6500: read as 6.500,00).
  await step(4);
  await focused('portador.codigodaprofissao');
  await operator.type('A');
  await operator.press('Tab');
  await operator.type(portador.nomeempresa);
  await operator.press('Tab');
  await operator.type('6500');
  await operator.press('Tab');
  await operator.type(portador.numerodaagencia);
  await operator.press('Tab');
  await operator.type(portador.numerodacontacorrente);
  await operator.press('Enter');

  // Step 5: a mobile phone typed whole in the DDD (it goes on in the number), then a second one added
  // with Alt+A (shown beside "Adicionar telefone"), at its DDD; its type, last, is a home one (the
  // first no other row has), confirmed by eye.
  await step(5);
  await focused('portador.telefones.0.numerododdd');
  await operator.type('11987654321');
  await expect(field(page, 'portador.telefones.0.numerodotelefone')).toHaveValue('98765-4321');
  await expect(field(page, 'portador.telefones.0.tipotelefone')).toHaveValue('CELULAR');
  await operator.press('Alt+A');
  await focused('portador.telefones.1.numerododdd');
  await operator.type('2133334444');
  await expect(field(page, 'portador.telefones.1.tipotelefone')).toHaveValue('RESIDENCIAL');
  await operator.press('Enter');

  // Step 6: home (the mailing address, as the first one is unless changed), then work. The CEP fills
  // the street, district, city and UF below the fields the operator types.
  await step(6);
  await focused('portador.enderecos.0.cep');
  await operator.type('04101000');
  await expect(field(page, 'portador.enderecos.0.logradouro')).toHaveValue('Rua Domingos de Morais');
  await operator.press('Tab');
  await operator.type('1200');
  await operator.press('Tab');
  await operator.type('Apto 42');
  await operator.press('Alt+A');
  await focused('portador.enderecos.1.cep');
  await operator.type('20040020');
  await expect(field(page, 'portador.enderecos.1.cidade')).toHaveValue('Rio de Janeiro');
  await operator.press('Tab');
  await operator.type('156');
  await operator.press('Tab', 2); // past the complement, to the landmark
  await focused('portador.enderecos.1.pontoreferencia');
  await operator.type('Perto do metrô');
  // Its type, last, is a work one (the first no other row has), confirmed by eye.
  await expect(field(page, 'portador.enderecos.1.tipoendereco')).toHaveValue('COMERCIAL');
  // The first address is still the mailing one: its closed line says so, no need to open it.
  await expect(page.getByRole('radio', { name: 'Endereço de correspondência (Endereço 1)' })).toBeChecked();
  await operator.press('Enter');

  // Step 7: nothing to fill, so "Continuar" has the focus; one additional card (the provider asks no
  // data for it), then on with Enter.
  await step(7);
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeFocused();
  await operator.press('Alt+A');
  await expect(page.getByRole('group', { name: 'Cartão adicional 1' })).toBeVisible();
  await operator.press('Enter');

  // The review, checked by eye, and the send.
  await step(8);
  await expect(page.getByText('Nenhuma análise anterior para este CPF.')).toBeVisible();
  await operator.click(page.getByRole('button', { name: 'Enviar proposta' }));
  await expect(page.getByText('Proposta enviada').first()).toBeVisible();

  const sent = await sandbox.lastRequest('creditRequest');
  expect(sent).toMatchObject({
    body: {
      portador: {
        nomeimpresso: 'MARIA C S A LIMA',
        siglanacionalidade: 'BRA',
        valorrenda: 650000,
        telefones: [
          { tipotelefone: 'CELULAR', numerododdd: '11', numerodotelefone: '987654321' },
          { tipotelefone: 'RESIDENCIAL', numerododdd: '21', numerodotelefone: '33334444' },
        ],
        enderecos: [
          { cep: '04101000', enderecocorrespondencia: true, complemento: 'Apto 42' },
          {
            cep: '20040020',
            tipoendereco: 'COMERCIAL',
            pontoreferencia: 'Perto do metrô',
            enderecocorrespondencia: false,
          },
        ],
        cartoesadicionais: [{}],
      },
    },
  });

  const counts = `${operator.keys} keys (${operator.presses} presses, a chord as one), ${operator.clicks} clicks; before each step ${perStep.join(', ')}`;
  process.stdout.write(`whole application by keyboard: ${counts}\n`);
  testInfo.annotations.push({ type: 'counts', description: counts });
  expect(operator.keys + operator.clicks, counts).toBeLessThanOrEqual(MAX_KEYS_AND_CLICKS);
});

const printedHelp = (page: Page) => page.locator('#campo-portador\\.nomeimpresso-help');

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

/** Shift+Tab back into the printed name from the field after it (the nationality), as a keyboard does. */
async function tabBackToPrinted(page: Page) {
  await field(page, 'portador.siglanacionalidade').focus();
  await page.keyboard.press('Shift+Tab');
}

test.describe('the clipboard and the caret', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('dates and phones as written, typed or pasted, are read whole', async ({ page }) => {
    await openStep(page, 'dados-pessoais');

    await test.step('dates typed 1/4/1988 or 01041988, or pasted as 1988-04-01, become 01/04/1988; checked as the field is left', async () => {
      const birth = page.locator(name('portador.datadenascimento'));
      await birth.pressSequentially('1/4/1988');
      await expect(birth).toHaveValue('01/04/1988');
      await birth.fill('');
      await birth.pressSequentially('01041988');
      await expect(birth).toHaveValue('01/04/1988');
      await birth.fill('');
      await paste(page, 'portador.datadenascimento', '1988-04-01');
      await expect(birth).toHaveValue('01/04/1988');

      // A wrong date is flagged when the field is left, not only on "Continuar"; nothing typed is cut.
      await birth.fill('');
      await birth.pressSequentially('31/02/2000');
      await page.keyboard.press('Tab');
      await expect(page.locator('#campo-portador\\.datadenascimento-help')).toHaveText(
        'Data inválida: use DD/MM/AAAA com uma data que exista.',
      );
      await expect(birth).toHaveValue('31/02/2000');
    });

    await goToStep(page, 'telefones');

    await test.step('a phone written with its area code is split into DDD and number, typed or pasted into either field', async () => {
      const ddd = (row: number) => page.locator(name(`portador.telefones.${row}.numerododdd`));
      const number = (row: number) => page.locator(name(`portador.telefones.${row}.numerodotelefone`));

      await number(0).pressSequentially('(11) 98765-4321');
      await expect(ddd(0)).toHaveValue('11');
      await expect(number(0)).toHaveValue('98765-4321');

      await page.getByRole('button', { name: 'Adicionar telefone' }).click();
      await ddd(1).pressSequentially('11987654321');
      await expect(ddd(1)).toHaveValue('11');
      await expect(number(1)).toHaveValue('98765-4321');
      await expect(number(1)).toBeFocused();

      await page.getByRole('button', { name: 'Adicionar telefone' }).click();
      await paste(page, 'portador.telefones.2.numerodotelefone', '+55 21 3333-4444');
      await expect(ddd(2)).toHaveValue('21');
      await expect(number(2)).toHaveValue('3333-4444');

      await page.getByRole('button', { name: 'Adicionar telefone' }).click();
      await paste(page, 'portador.telefones.3.numerododdd', '(31) 99876-5432');
      await expect(ddd(3)).toHaveValue('31');
      await expect(number(3)).toHaveValue('99876-5432');

      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByText('Etapa 6 de 8', { exact: true })).toBeVisible();
    });
  });

  test('the printed name: its suggestion selected whole and replaced by what is typed; accents and periods removed as typed, the caret kept in place', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    const printed = field(page, 'portador.nomeimpresso');

    await test.step('the suggestion is selected whole, by a click in its middle or by Tab: typing replaces it, accents going as typed', async () => {
      await typeFullName(page, 'Ana Lúcia Conceição Lima');
      await expect(printed).toHaveValue('ANA LUCIA CONCEICAO LIMA');
      const box = await printed.boundingBox();
      const after = async (characters: number) => ({
        x: await textEndX(printed, characters),
        y: (box?.height ?? 40) / 2,
      });
      // A click in the middle of the suggestion, from another field, selects it all.
      await printed.click({ position: await after(12) });
      expect(await selectionOf(printed)).toEqual([0, 24]);
      // So does Tab into it, and it says it was suggested.
      await tabBackToPrinted(page);
      await expect(printed).toBeFocused();
      await expect(printedHelp(page)).toHaveText(
        'Sugerido a partir do nome completo: digite para trocar · 24 de 26',
      );
      expect(await selectionOf(printed)).toEqual([0, 24]);
      // A shorter name typed with its accents replaces the suggestion; the accents go as they are typed.
      await printed.pressSequentially('ANA LÚCIA CONCEIÇÃO L');
      await expect(printed).toHaveValue('ANA LUCIA CONCEICAO L');
      await expect(printedHelp(page)).toHaveText('Letras A–Z: acentos e pontos saem ao digitar · 21 de 26');
      await expectNoAxeViolations(page, 'printed name typed over the suggestion');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(printedHelp(page)).not.toHaveText(/Longo demais/);
      // A second click, in a field the operator is already in, places the caret as usual.
      await printed.click({ position: await after(4) });
      await printed.click({ position: await after(4) });
      expect(await selectionOf(printed)).toEqual([4, 4]);
    });

    await test.step('accents and periods are removed as they are typed, letters raised, and the caret keeps its place', async () => {
      await field(page, 'portador.nome').fill("Joana Lúcia D'Ávila");
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
});

test.describe('on a 390 px screen', () => {
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

  test('on a phone: closed rows read whole, an address is one column; leaving asks first, on the whole screen; the draft survives other screens; sign-out clears it', async ({
    page,
  }) => {
    // A draft with the personal data typed, then its phones and addresses.
    await signInWithSandboxToken(page);
    await openNavigation(page);
    await openApplication(page);
    await fillProductStep(page);
    await continueToNextStep(page);
    await fillPersonalStep(page);
    await goToStep(page, 'telefones');

    await test.step('a closed phone and a closed address read whole, with the mailing choice on the line; an address is one column', async () => {
      await fillPhone(page, 0);
      await page.getByRole('button', { name: 'Adicionar telefone' }).click();
      await fillPhone(page, 1);
      await expectWhole(page, 'Telefone 1', 'Celular: (11) 98765-4321');
      await expectOnOneLine(page, 'Telefone 1', '98765-4321');
      await shot(page, 'first-day-390x844-phones-closed-row');
      await continueToNextStep(page);

      // Two inputs of one address stack: the street is below the CEP.
      const cep = await field(page, 'portador.enderecos.0.cep').boundingBox();
      const street = await field(page, 'portador.enderecos.0.logradouro').boundingBox();
      expect(cep !== null && street !== null && street.y > cep.y).toBe(true);
      await fillAddress(page, 0);
      await page.getByRole('button', { name: 'Adicionar endereço' }).click();
      await fillAddress(page, 1);
      await expectWhole(page, 'Endereço 1', 'Rua Domingos de Morais, 1200');
      await expectWhole(page, 'Endereço 1', 'Residencial');
      await expectOnOneLine(page, 'Endereço 1', '04101-000');
      await expect(
        page.getByRole('radio', { name: 'Endereço de correspondência (Endereço 1)' }),
      ).toBeChecked();
      await shot(page, 'first-day-390x844-addresses-closed-row');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    const dialog = page.getByRole('dialog', { name: 'Sair da proposta?' });

    await test.step('leaving for another screen asks first, on the whole screen; staying keeps what was typed', async () => {
      // Through the drawer, behind the menu button below md.
      await openFromNavigation(page, 'Produtos');
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box !== null && box.width >= 389, 'full-screen dialog').toBe(true);
      await expectNoAxeViolations(page, 'leave question at 390 px');
      await dialog.getByRole('button', { name: 'Continuar na proposta' }).click();
      await expect(field(page, 'portador.enderecos.1.numero')).toHaveValue(addressAt(1).numero);
    });

    await test.step('the draft survives other screens; sign-out clears it', async () => {
      await openFromNavigation(page, 'Produtos');
      await dialog.getByRole('button', { name: 'Sair e manter o rascunho' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
      await openFromNavigation(page, 'Nova proposta');
      await expect(page.getByText('Rascunho recuperado')).toBeVisible();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(field(page, 'portador.cpf')).toHaveValue(maskedCpf(cpf));
      // The draft is unsent work: "Sair" asks first, and signing out anyway erases it.
      await page.getByRole('button', { name: 'Sair' }).click();
      const question = page.getByRole('dialog', { name: 'Sair e apagar o trabalho desta aba?' });
      await expect(question).toContainText('uma proposta de crédito que ainda não foi enviada');
      await question.getByRole('button', { name: 'Sair e apagar' }).click();
      await expect(page).toHaveURL(/\/entrar$/);
    });
  });
});

/** The e2e config's time-out, stated here: the page's clock is moved past it, not waited on. */
const REQUEST_TIMEOUT_MS = 4_000;

test('a send that fails, hangs past the time-out or loses its answer: each outcome said, nothing typed lost, one application in the end', async ({
  page,
  sandbox,
}) => {
  await patchConfig(page, { requestTimeoutMs: REQUEST_TIMEOUT_MS });
  // The time-out's timer runs on the page's clock (time flows as usual until the test moves it on).
  await page.clock.install();
  await fillQuickly(page);
  const send = page.getByRole('button', { name: 'Enviar proposta' });
  const unknown = page.getByRole('alert').filter({ hasText: 'Não foi possível confirmar' });

  await test.step('a 500: the message, and every field kept', async () => {
    await sandbox.fault({ endpoint: 'creditRequest', kind: '500' });
    await send.click();
    const alert = page.getByRole('alert').filter({ hasText: 'A proposta não foi enviada' });
    await expect(alert).toContainText('Tente novamente mais tarde');
    await expect(page.getByText('Nada do que você digitou foi perdido.')).toBeVisible();
    await expectNoAxeViolations(page, 'submit 500');
    await page.getByRole('link', { name: 'Alterar Dados pessoais' }).click();
    await expect(page.locator(name('portador.cpf'))).toHaveValue(maskedCpf(cpf));
    await expect(page.locator(name('portador.nome'))).toHaveValue(nome);
    await page.getByRole('button', { name: 'Voltar para a revisão' }).click();
    await expectStep(page, 8, 'Revisão');
  });

  await test.step('sent again, it hangs past the time-out: an unknown outcome, no new analysis found', async () => {
    await sandbox.fault({ endpoint: 'creditRequest', kind: 'hang' });
    await send.click();
    await expect(page.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    // Held at the sandbox (the fault is used up): the app's timer is running; the clock goes past it.
    await expect.poll(async () => (await sandbox.faults()).length, { message: 'the POST is held' }).toBe(0);
    await page.clock.fastForward(REQUEST_TIMEOUT_MS);
    await expect(unknown).toContainText('Nenhuma análise nova apareceu');
  });

  await test.step('sent again, the provider commits and the answer is lost: the status is looked up first', async () => {
    // (The sandbox's commitThenReset fault drops the connection too, but Chromium silently retries a POST
    // whose reused keep-alive socket was reset, and the retry, carrying the same Idempotency-Key, gets
    // the stored answer.)
    await page.route(
      '**/v1/request/credit/',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await unknown.getByRole('button', { name: 'Enviar novamente' }).click();
    await expect(unknown).toContainText('a proposta provavelmente foi registrada');
    await expect(unknown).toContainText('PRP-2026-001000');
    await expectNoAxeViolations(page, 'unknown outcome');
  });

  await test.step('sent again with the same key: the provider recognises it', async () => {
    await unknown.getByRole('button', { name: 'Enviar novamente' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    // Four POSTs (the 500, the hung one, the lost answer and its resend), one application; the two that
    // got past the faults to the provider carried one key.
    expect(await sandbox.stats()).toMatchObject({
      applicationsPerCpf: { [cpf]: 1 },
      requestsPerEndpoint: { creditRequest: 4 },
      idempotencyKeys: [{ endpoint: 'creditRequest', requests: 2 }],
    });
  });
});
