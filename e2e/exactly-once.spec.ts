import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { countFetches, fetchesTo } from './support/page-requests';
import { patchConfig } from './support/patch-config';
import type { SandboxControl } from './support/sandbox-control';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { shot } from './support/screenshots';
import { fillCreditApplication } from './wizard-helpers';

/**
 * Every moment at which a second gesture could send a confirmed operation twice, reached on purpose and
 * once each: the provider's answer is held by the sandbox (a `delay` fault on the next request, let go by
 * `proceedHeld`) and the gestures are fired at a named point, for the credit application, the virtual
 * card and the cancel. The page counts its own fetches (support/page-requests.ts), so a count read after
 * a gesture already holds whatever the gesture started; the sandbox's counters confirm the effects.
 *
 * The points: before the look-up that precedes the send answers (the application without an idempotency
 * key); while the POST is in flight; between the answer and the outcome's last render (the application's
 * check of the CPF's analyses after the send, held; a card dialog fading out, its timers stopped with
 * Playwright's clock); after the outcome. A slow provider adds no point of its own: the held answer is as
 * late as a slow one, and the journeys that send an application or a virtual card run against a slow
 * provider (the `slow` profile). What a real transport adds, the browser resending a POST whose
 * connection was reset and a preflight that refuses the key, is below.
 */

interface Stats {
  applicationsPerCpf: Record<string, number>;
  cancelsPerCard: Record<string, number>;
  virtualCardsPerAccount: Record<string, number>;
  cancelRequestsPerCard: Record<string, number>;
  requestsPerEndpoint: Record<string, number>;
}
const statsOf = async (sandbox: SandboxControl) => (await sandbox.stats()) as Stats;

/** Holds the next request to `endpoint` at the sandbox until `proceedHeld` (every one: `every`). */
type HeldEndpoint = 'analysisStatus' | 'creditRequest' | 'createVirtualCard' | 'cancelCard';
const holdNext = (sandbox: SandboxControl, endpoint: HeldEndpoint, { every = false } = {}) =>
  sandbox.fault({ endpoint, kind: 'delay', delayMs: 600_000, times: every ? 0 : 1 });

/**
 * Waits until a request to `endpoint` has taken its one-time hold (the fault is used up). Against a slow
 * provider the request sleeps its latency first, and `proceedHeld` during that sleep would cut the sleep
 * short, not the hold: the test lets go only what is held.
 */
async function untilHeld(sandbox: SandboxControl, endpoint: HeldEndpoint) {
  await expect
    .poll(async () => (await sandbox.faults()).some((fault) => fault.endpoint === endpoint), {
      message: `a request to ${endpoint} is held`,
    })
    .toBe(false);
}

/** The centre of `target`, where a person's second click lands whether or not it is still enabled. */
async function centreOf(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A second click, a double click and two Enters at `spot`, as fast as a person's hands can. */
async function pressAgain(page: Page, spot: { x: number; y: number }) {
  await page.mouse.click(spot.x, spot.y);
  await page.mouse.dblclick(spot.x, spot.y);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
}

/** Signs in and opens the cards screen, the page's clock installed (a dialog's fade is held on it). */
async function openCardsOnAHeldClock(page: Page) {
  await page.clock.install();
  await signInWithSandboxToken(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Cartões' })
    .click();
}

/** A card operation's confirmation, opened: its dialog, confirm button and where Enter is pressed. */
interface Confirmation {
  dialog: Locator;
  confirm: Locator;
  /** Where the operator's Enter goes (the confirm button, or the field that repeats the code). */
  field: Locator;
}

/**
 * The three points of a card operation after the confirmation: the POST in flight; the answer in and the
 * dialog fading out (its timers stopped: the outcome is on screen, the dialog not yet gone); after the
 * outcome. `open` opens a new confirmation, `posts` counts the page's POSTs of the operation.
 */
async function everyPointOfACardOperation(
  page: Page,
  sandbox: SandboxControl,
  endpoint: 'createVirtualCard' | 'cancelCard',
  open: () => Promise<Confirmation>,
  outcome: Locator,
  posts: () => Promise<number>,
) {
  const { dialog, confirm, field } = await open();
  const spot = await centreOf(confirm);

  await test.step('while the POST is in flight', async () => {
    await holdNext(sandbox, endpoint);
    await field.press('Enter');
    await expect.poll(posts).toBe(1);
    await pressAgain(page, spot);
    expect(await posts()).toBe(1);
  });

  await test.step('between the answer and the outcome’s last render (the dialog fading out)', async () => {
    // The dialog's exit waits on a timer of about 200 ms. The page's clock stops before the answer is let
    // go, then moves a millisecond at a time (the app's own zero-delay timers run) until the answer has
    // been taken (the confirm button no longer says it is busy): the exit is still under way then,
    // however long the machine took. (The page behind a dialog is hidden from the accessibility tree
    // until the dialog has gone, so the outcome is looked for afterwards.) The pause is a minute ahead of
    // the runner's clock, which the page's started from: nothing of the app is due within a minute but
    // the dialog's exit, and the page's clock runs on until the pause.
    await untilHeld(sandbox, endpoint);
    await page.clock.pauseAt(Date.now() + 60_000);
    await sandbox.proceedHeld();
    let stepped = 0;
    // eslint-disable-next-line no-restricted-syntax -- the page's clock is paused: a waiting assertion would wait on a page whose timers never run; the loop moves the clock a millisecond at a time and looks again after each step.
    while (!(await confirm.isVisible())) {
      expect(stepped, 'the answer was taken before the dialog could have faded out').toBeLessThan(150);
      await page.clock.runFor(1);
      stepped += 1;
    }
    await expect(dialog).toBeAttached();
    await pressAgain(page, spot);
    expect(await posts()).toBe(1);
    await page.clock.resume();
    await expect(dialog).toBeHidden();
    await expect(outcome).toBeVisible();
  });

  await test.step('after the outcome', async () => {
    await pressAgain(page, spot);
    await page.keyboard.press('Enter');
    // Whatever these opened, nothing was sent without a new confirmation.
    expect(await posts()).toBe(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test.describe('every point of a send, each reached on purpose', () => {
  test.beforeEach(async ({ page }) => {
    await countFetches(page);
    // The app's own time-out must outlast a held answer.
    await patchConfig(page, { requestTimeoutMs: 120_000 });
  });

  test('the credit application: one POST at every point of its send', async ({ page, sandbox, privacy }) => {
    const cpf = '84127503653'; // no analyses in the seed
    privacy.watch(cpf);
    privacy.allowStatusLookups();
    // Without an idempotency key the app looks the CPF up before the send and again after the answer.
    await patchConfig(page, { sendIdempotencyKey: false });
    await signInWithSandboxToken(page);
    await fillCreditApplication(page, { personal: { cpf } });
    await expect(page.getByText('Nenhuma análise anterior para este CPF.', { exact: true })).toBeVisible();
    const send = page.getByRole('button', { name: 'Enviar proposta' });
    const spot = await centreOf(send);
    const posts = () => fetchesTo(page, 'POST', '/v1/request/credit/');

    await test.step('before the look-up that precedes the send answers', async () => {
      await holdNext(sandbox, 'analysisStatus');
      await page.mouse.click(spot.x, spot.y);
      await expect(page.getByText('Consultando as análises deste CPF antes de enviar…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Enviando…' })).toHaveAttribute('aria-busy', 'true');
      await pressAgain(page, spot);
      expect(await posts()).toBe(0);
    });

    await test.step('while the POST is in flight', async () => {
      await untilHeld(sandbox, 'analysisStatus');
      await holdNext(sandbox, 'creditRequest');
      await sandbox.proceedHeld(); // the look-up answers; the POST leaves and is held
      await expect.poll(posts).toBe(1);
      await pressAgain(page, spot);
      expect(await posts()).toBe(1);
    });

    await test.step('between the answer and the outcome’s last render (the check after the send)', async () => {
      // The answer takes the review and its button away in the render that shows the success screen; the
      // screen then checks the CPF's analyses once more: every look-up is held from here (a refetch of the
      // review's duplicate warning may come first).
      await untilHeld(sandbox, 'creditRequest');
      await holdNext(sandbox, 'analysisStatus', { every: true });
      await sandbox.proceedHeld(); // the POST answers
      await expect(page.getByText('Conferindo se o provedor registrou')).toBeVisible();
      await pressAgain(page, spot);
      expect(await posts()).toBe(1);
    });

    await test.step('after the outcome', async () => {
      await sandbox.clearFaults();
      const outcome = page.getByRole('status').filter({ hasText: 'Código de acompanhamento:' });
      await expect(outcome.getByText('Proposta enviada', { exact: true })).toBeVisible();
      await expect(page.getByText('Conferindo se o provedor registrou')).toHaveCount(0);
      await pressAgain(page, spot);
      await page.keyboard.press('Enter');
      expect(await posts()).toBe(1);
      expect((await statsOf(sandbox)).applicationsPerCpf).toEqual({ [cpf]: 1 });
    });
  });

  test('the virtual card: one POST at every point after the confirmation', async ({ page, sandbox }) => {
    await openCardsOnAHeldClock(page);
    const section = page.getByRole('region', { name: 'Solicitar cartão virtual' });
    await section.getByRole('combobox', { name: 'Conta' }).click();
    await page.getByRole('option').first().click();
    await everyPointOfACardOperation(
      page,
      sandbox,
      'createVirtualCard',
      async () => {
        await section.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
        const confirm = dialog.getByRole('button', { name: 'Solicitar', exact: true });
        await expect(confirm).toBeFocused();
        return { dialog, confirm, field: confirm };
      },
      section.getByRole('status').filter({ hasText: 'Cartão virtual solicitado' }),
      () => fetchesTo(page, 'POST', '/v1/cards/create/virtual/'),
    );
    expect(Object.values((await statsOf(sandbox)).virtualCardsPerAccount)).toEqual([1]);
  });

  test('the cancel: one POST at every point after the confirmation', async ({ page, sandbox }) => {
    await openCardsOnAHeldClock(page);
    const section = page.getByRole('region', { name: 'Cancelar cartão' });
    await everyPointOfACardOperation(
      page,
      sandbox,
      'cancelCard',
      async () => {
        await section.getByRole('textbox', { name: 'Código do cartão' }).fill('5004');
        await section.getByRole('button', { name: 'Cancelar cartão…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5004?' });
        const field = dialog.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
        await field.pressSequentially('5004');
        const confirm = dialog.getByRole('button', { name: 'Cancelar o cartão', exact: true });
        return { dialog, confirm, field };
      },
      section.getByRole('status').filter({ hasText: 'Cartão 5004 cancelado' }),
      () => fetchesTo(page, 'POST', '/v1/cards/cancel/5004/'),
    );
    expect((await statsOf(sandbox)).cancelsPerCard).toEqual({ '5004': 1 });
  });
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const cancelSection = (page: Page) => page.getByRole('region', { name: 'Cancelar cartão' });

test.describe('a POST that commits and whose connection is then reset (commitThenDrop), key off, provider ignoring the key', () => {
  test('Chromium resends it: a virtual card never shown as a plain success; a credit application with two analyses, said to be a duplicate with both codes', async ({
    page,
    sandbox,
    privacy,
  }) => {
    test.setTimeout(60_000); // a whole application filled on a shared machine
    const cpf = '84127503653'; // freshDeclines: no analyses in the seed
    privacy.watch(cpf);
    // The status lookups carry the CPF in their path, as the interface defines it.
    privacy.allowStatusLookups();
    await sandbox.reset({ ignoreIdempotencyKey: true });
    // This deployment's config.json, with the key off (the documented provider setting).
    await patchConfig(page, { sendIdempotencyKey: false });
    await signInWithSandboxToken(page);

    await test.step('the virtual card, from a row of the accounts list', async () => {
      await sandbox.fault({ endpoint: 'createVirtualCard', kind: 'commitThenDrop' });
      await nav(page).getByRole('link', { name: 'Contas' }).click();
      const table = page.getByRole('table', { name: 'Contas da instituição' });
      const action = table
        .locator('tbody tr')
        .nth(2)
        .getByRole('button', { name: /^Solicitar cartão virtual para/ });
      // The row action's name ends with the code it sends (the account number under the default reading).
      const code = /conta (\d+)$/.exec((await action.getAttribute('aria-label')) ?? '')?.[1] ?? 'missing';
      await action.click();
      await page
        .getByRole('dialog', { name: 'Solicitar cartão virtual?' })
        .getByRole('button', { name: 'Solicitar' })
        .click();
      const section = page.getByRole('region', { name: 'Solicitar cartão virtual' });

      // What the issue saw against an independent server: two POSTs, two cards, for one confirmation.
      await expect
        .poll(async () => Object.values(((await sandbox.stats()) as Stats).virtualCardsPerAccount))
        .toEqual([2]);
      const status = section.getByRole('status');
      await expect(status).toContainText(`Cartão virtual solicitado para a conta ${code}`);
      await expect(status).toContainText('Não é possível descartar um segundo cartão');
      await expect(status).toContainText(`Confira os cartões da conta ${code}`);
      // The caveat is part of the one answer box, not a second box beside it.
      await expect(section.locator('.MuiAlert-root')).toHaveCount(1);
      await shot(section, 'outcome-virtual-card-caveat');
      await expectNoAxeViolations(page, 'virtual card, key off, caveat');
    });

    await test.step('the credit application', async () => {
      await sandbox.fault({ endpoint: 'creditRequest', kind: 'commitThenDrop' });
      await fillCreditApplication(page, { personal: { cpf } });
      await page.getByRole('button', { name: 'Enviar proposta' }).click();

      // What the issue saw against an independent server: two POSTs, two analyses, for one submit.
      await expect
        .poll(async () => ((await sandbox.stats()) as Stats).requestsPerEndpoint.creditRequest)
        .toBe(2);
      expect(((await sandbox.stats()) as Stats).applicationsPerCpf).toEqual({ [cpf]: 2 });

      // One box, not a plain success: sent, and the duplicate to report, with both codes.
      const outcome = page.getByRole('status').filter({ hasText: 'Código de acompanhamento:' });
      await expect(outcome).toContainText('Proposta enviada, mas registrada 2 vezes: informe o emissor');
      await expect(outcome).toContainText(
        'O provedor registrou 2 análises novas para este CPF, e só uma foi pedida',
      );
      const codes = outcome.getByRole('list', { name: 'Código de acompanhamento' }).getByRole('listitem');
      await expect(codes).toHaveCount(2);
      const listed = (await codes.allInnerTexts()).map((text) => text.trim().split(/\s+/)[0] ?? '');
      expect(new Set(listed).size).toBe(2);
      // The answer Chromium delivered carried one of the two codes, marked as such.
      const answered = (await outcome.locator('strong').first().innerText()).trim();
      expect(listed).toContain(answered);
      await expect(codes.filter({ hasText: '(veio na resposta)' })).toContainText(answered);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByText('Proposta enviada', { exact: true })).toHaveCount(0);
      await shot(outcome, 'outcome-sent-with-duplicate');
      await expectNoAxeViolations(page, 'credit request, key off, duplicate');
    });
  });
});

test.describe('a provider whose CORS does not allow Idempotency-Key, with sendIdempotencyKey on', () => {
  test('nothing leaves the browser; each outcome is unknown and says the header may be refused, naming the key', async ({
    page,
    sandbox,
    runtime,
    privacy,
  }) => {
    test.setTimeout(60_000); // a whole application filled on a shared machine
    await sandbox.reset({ corsRefusesIdempotencyKey: true });
    // Chromium reports the refused preflight on the console itself: provoked on purpose here.
    runtime.allowConsoleError(/blocked by CORS policy/);
    const cpf = '84127503653';
    privacy.watch(cpf);
    privacy.allowStatusLookups();
    await signInWithSandboxToken(page);

    // The cancel: the products screen's GET got through; the keyed POST never leaves. (The diagnosis
    // needs an answer from the same base URL first: waited for, or a busy machine would race it.)
    await expect(page.getByRole('rowheader', { name: 'Cartão Gold Internacional' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    await page.getByRole('textbox', { name: 'Código do cartão' }).fill('5001');
    await page.getByRole('button', { name: 'Cancelar cartão…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5001?' });
    await dialog.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' }).fill('5001');
    await dialog.getByRole('button', { name: 'Cancelar o cartão' }).click();
    const unknown = cancelSection(page).getByRole('alert');
    await expect(unknown).toContainText('Não foi possível confirmar o resultado');
    await expect(unknown).toContainText('o navegador nem chegou a enviá-lo');
    // The header and the setting that explain it are for support, under the details.
    await unknown.getByText('Detalhes técnicos (para o suporte)').click();
    await expect(unknown.locator('details')).toContainText('Idempotency-Key');
    await expect(unknown.locator('details')).toContainText('Access-Control-Allow-Headers');
    await expect(unknown.locator('details')).toContainText('sendIdempotencyKey');
    // Both possibilities: it may also have been a connection dropped after sending.
    await expect(unknown).toContainText('o provedor pode ter recebido o pedido');
    await expect(cancelSection(page).locator('.MuiAlert-root')).toHaveCount(1);
    await expectNoAxeViolations(page, 'cancel, header refused by CORS');
    await shot(cancelSection(page), 'outcome-cancel-cors');
    expect(((await sandbox.stats()) as Stats).cancelRequestsPerCard).toEqual({});

    // The credit application: "Enviar novamente" again and again, each time the same explanation.
    await fillCreditApplication(page, { personal: { cpf } });
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const box = page
        .getByRole('alert')
        .filter({ hasText: 'Não foi possível confirmar se a proposta foi recebida' });
      await expect(box).toContainText('o navegador nem chegou a enviá-lo');
      await expect(box.locator('details')).toContainText('Idempotency-Key');
      await expect(box.locator('details')).toContainText('sendIdempotencyKey');
      await expect(box).toContainText('Nenhuma análise nova apareceu para este CPF');
      await box.getByRole('button', { name: 'Enviar novamente' }).click();
    }
    await expect(page.getByRole('alert').locator('details')).toContainText('sendIdempotencyKey');
    const stats = (await sandbox.stats()) as Stats;
    expect(stats.requestsPerEndpoint.creditRequest).toBe(0);
    expect(stats.applicationsPerCpf).toEqual({});
  });
});
