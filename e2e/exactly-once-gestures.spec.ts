import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { SandboxControl } from './support/sandbox-control';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { patchConfig } from './support/patch-config';
import { fillCreditApplication } from './wizard-helpers';

/**
 * Every gesture an operator makes on a confirmed operation (the credit application, a virtual card, a
 * cancellation), against a provider answering at once and one taking 1.5 s per answer (the sandbox's
 * `latencyMs`): one request per confirmation, one outcome. Project `gestures` (playwright.config.ts) runs
 * this file several times over on its own sandbox lane: a race that shows one time in three fails the
 * build.
 *
 * Each test chains its gestures on one screen (a new application for the same CPF, the next card), at
 * one speed and then the other, so that repeated runs stay within minutes: the counts are checked after
 * every gesture.
 */

interface Stats {
  applicationsPerCpf: Record<string, number>;
  cancelRequestsPerCard: Record<string, number>;
  cancelsPerCard: Record<string, number>;
  virtualCardsPerAccount: Record<string, number>;
  requestsPerEndpoint: Record<string, number>;
}
const statsOf = async (sandbox: SandboxControl) => (await sandbox.stats()) as Stats;

const SPEEDS = [
  { label: 'at 0 ms', latencyMs: 0 },
  { label: 'at 1.5 s', latencyMs: 1500 },
] as const;

/** The test's config.json with `patch`, and a time-out that outlasts a slow answer on a busy machine. */
async function configure(page: Page, patch: Record<string, unknown> = {}) {
  await patchConfig(page, { requestTimeoutMs: 15_000, ...patch });
}

const isPost = (path: string) => (response: { url: () => string; request: () => { method: () => string } }) =>
  response.url().includes(path) && response.request().method() === 'POST';

/** The centre of `target`, for presses that must not wait for it to be enabled (as a person's do not). */
async function centreOf(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  return { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
}

/** A gesture on a confirm `button`; `field` is where Enter is pressed (the button, or the dialog's input). */
type Press = (page: Page, target: { button: Locator; field: Locator }) => Promise<void>;

/** The gestures every confirmation gets; `answerPath` is the POST whose answer the last one waits for. */
function gestures(answerPath: string): Array<[string, Press]> {
  return [
    ['a double click', (_page, { button }) => button.dblclick()],
    [
      'a click then Enter',
      async (page, { button }) => {
        await button.click();
        await page.keyboard.press('Enter');
      },
    ],
    [
      'two Enters',
      async (page, { field }) => {
        await field.focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
      },
    ],
    [
      'a double click then two Enters',
      async (page, { button }) => {
        await button.dblclick();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
      },
    ],
    [
      'an Enter queued behind the answer',
      async (page, { field }) => {
        await field.focus();
        const answered = page.waitForResponse(isPost(answerPath));
        await page.keyboard.press('Enter');
        await answered;
        await page.keyboard.press('Enter');
      },
    ],
  ];
}

test('the credit application (key off: the CPF looked up before the send), every gesture at 0 ms and at 1.5 s', async ({
  page,
  sandbox,
  privacy,
}) => {
  const cpf = '84127503653'; // no analyses in the seed
  privacy.watch(cpf);
  // The status look-ups carry the CPF in their path, as the interface defines it.
  privacy.allowStatusLookups();
  await configure(page, { sendIdempotencyKey: false });
  await signInWithSandboxToken(page);
  await fillCreditApplication(page, { personal: { cpf } });

  const send = page.getByRole('button', { name: 'Enviar proposta' });
  const preparing = page.getByText('Consultando as análises deste CPF antes de enviar…');
  const wizardGestures: Array<[string, Press]> = [
    ...gestures('/v1/request/credit/'),
    [
      'a click, then a click and Enter during the look-up before the send',
      async (pressPage, { button }) => {
        // The look-up is held until the test has looked: pending from the click, the look-up included.
        await sandbox.fault({ endpoint: 'analysisStatus', kind: 'delay', delayMs: 600_000 });
        const before = (await statsOf(sandbox)).requestsPerEndpoint.creditRequest;
        const { x, y } = await centreOf(button);
        await pressPage.mouse.click(x, y);
        await expect(preparing).toBeVisible();
        const busy = pressPage.getByRole('button', { name: 'Enviando…' });
        await expect(busy).toBeDisabled();
        await expect(busy).toHaveAttribute('aria-busy', 'true');
        await pressPage.mouse.click(x, y);
        await pressPage.keyboard.press('Enter');
        expect((await statsOf(sandbox)).requestsPerEndpoint.creditRequest).toBe(before);
        await sandbox.proceedHeld();
      },
    ],
  ];

  let first = true;
  for (const speed of SPEEDS) {
    // A fresh provider at this speed: no analyses for the CPF, no requests counted.
    await sandbox.reset({ latencyMs: speed.latencyMs });
    let sent = 0;
    for (const [name, press] of wizardGestures) {
      await test.step(`${speed.label}: ${name}`, async () => {
        // eslint-disable-next-line playwright/no-conditional-in-test -- the test's own counter, not the page: the first gesture starts at the review the wizard left, each later one asks for it again.
        if (!first) {
          // The same data as a new application, asked for explicitly: back at the review.
          await page.getByRole('button', { name: 'Enviar outra proposta para este CPF' }).click();
          await page.getByRole('button', { name: 'Revisar outra proposta' }).click();
        }
        await expect(
          page.getByText(
            sent > 0
              ? `Este CPF já tem ${sent} ${sent === 1 ? 'análise' : 'análises'}`
              : first
                ? 'Nenhuma análise anterior para este CPF.'
                : // Just after the reset the screen may still show the earlier speed's analyses (fresh
                  // for its 10 s); the look-up before the send asks afresh, so the comparison holds.
                  /^(Nenhuma análise anterior para este CPF\.|Este CPF já tem \d+ anális)/,
            { exact: true },
          ),
        ).toBeVisible();
        first = false;
        await press(page, { button: send, field: send });
        sent += 1;
        await expect(page.getByRole('button', { name: 'Nova proposta' })).toBeVisible();
        const outcome = page.getByRole('status').filter({ hasText: 'Código de acompanhamento:' });
        // The after-send look-up has compared the CPF's analyses: one new, a plain success.
        await expect(page.getByText('Conferindo se o provedor registrou')).toHaveCount(0);
        await expect(outcome).toHaveCount(1);
        await expect(outcome.getByText('Proposta enviada', { exact: true })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
        const stats = await statsOf(sandbox);
        expect(stats.requestsPerEndpoint.creditRequest, `POSTs after "${name}"`).toBe(sent);
        expect(stats.applicationsPerCpf).toEqual({ [cpf]: sent });
      });
    }
  }
});

test('the virtual card, then the cancel, every gesture at 0 ms and at 1.5 s', async ({ page, sandbox }) => {
  await configure(page);
  await signInWithSandboxToken(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Contas' })
    .click();
  const action = page
    .getByRole('table', { name: 'Contas da instituição' })
    .locator('tbody tr')
    .nth(2)
    .getByRole('button', { name: /^Solicitar cartão virtual para/ });
  const account = /conta (\d+)$/.exec((await action.getAttribute('aria-label')) ?? '')?.[1] ?? 'missing';
  // Opens the cards screen with the account's confirmation already open.
  await action.click();

  const virtual = page.getByRole('region', { name: 'Solicitar cartão virtual' });
  const dialog = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
  const request = dialog.getByRole('button', { name: 'Solicitar' });
  const cancel = page.getByRole('region', { name: 'Cancelar cartão' });
  let confirmations = 0;
  for (const speed of SPEEDS) {
    await sandbox.reset({ latencyMs: speed.latencyMs });
    let cards = 0;
    for (const [name, press] of gestures('/v1/cards/create/virtual/')) {
      await test.step(`${speed.label}, virtual card: ${name}`, async () => {
        // The account handed over by the accounts screen stays chosen: the next request is for it.
        // eslint-disable-next-line playwright/no-conditional-in-test -- the test's own counter, not the page: the accounts screen opened the first confirmation, each later one is opened here.
        if (confirmations > 0)
          await virtual.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
        await expect(request).toBeFocused();
        await press(page, { button: request, field: request });
        cards += 1;
        confirmations += 1;
        await expect(dialog).toBeHidden();
        await expect(virtual.getByRole('status')).toContainText(
          `Cartão virtual solicitado para a conta ${account}`,
        );
        await expect(virtual.getByRole('alert')).toHaveCount(0);
        const stats = await statsOf(sandbox);
        expect(stats.requestsPerEndpoint.createVirtualCard, `POSTs after "${name}"`).toBe(cards);
        expect(Object.values(stats.virtualCardsPerAccount)).toEqual([cards]);
      });
    }

    const cancelled: Record<string, number> = {};
    let card = 5001;
    for (const [name, press] of gestures('/v1/cards/cancel/')) {
      await test.step(`${speed.label}, cancel: ${name}`, async () => {
        const code = String(card++);
        await page.getByRole('textbox', { name: 'Código do cartão' }).fill(code);
        await cancel.getByRole('button', { name: 'Cancelar cartão…' }).click();
        const confirmation = page.getByRole('dialog', { name: `Cancelar o cartão ${code}?` });
        const field = confirmation.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' });
        await field.fill(code);
        const button = confirmation.getByRole('button', { name: 'Cancelar o cartão' });
        await press(page, { button, field });
        cancelled[code] = 1;
        confirmations += 1;
        await expect(confirmation).toBeHidden();
        await expect(cancel.getByRole('status')).toContainText(`Cartão ${code} cancelado`);
        await expect(cancel.getByRole('alert')).toHaveCount(0);
        const stats = await statsOf(sandbox);
        expect(stats.cancelRequestsPerCard, `POSTs after "${name}"`).toEqual(cancelled);
        expect(stats.cancelsPerCard).toEqual(cancelled);
      });
    }
  }
  // One journal line per confirmation, each a success.
  const journal = page.getByRole('table', { name: 'Diário de operações de cartão' }).locator('tbody tr');
  await expect(journal).toHaveCount(confirmations);
  await expect(journal.filter({ hasText: 'Falha' })).toHaveCount(0);
});
