import type { Page } from '@playwright/test';
import { seededCpfs } from '../src/sandbox/seed';
import { expect as baseExpect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import type { SandboxControl } from './support/sandbox-control';
import { applicant, continueToNextStep, field, fillFields, fillProductStep } from './wizard-helpers';

/** Lazy screens, two tabs and a shared, busy machine: a state may take longer than the default 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * One operator per tab, one session for every tab: another operator's token in the re-authentication
 * dialog empties the tab first (token mode), and a sign-out in one tab signs every tab of the app out
 * with its personal data gone (a BroadcastChannel whose messages are only an event name).
 */
const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const lookedUp = seededCpfs.approved;
const draftCpf = seededCpfs.freshApproves;
const draftName = applicant.portador.nome;
/** What must be gone from a tab once its operator is: CPFs raw and formatted, a name, a tracking code. */
const personalData = [
  lookedUp,
  formatted(lookedUp),
  draftCpf,
  formatted(draftCpf),
  draftName,
  'PRP-2026-000123',
];

/** Starts an application and types a CPF and a name (step 2): the draft. */
async function typeDraft(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  await expect(field(page, 'codigodoproduto')).toContainText('Cartão Gold');
  await fillProductStep(page);
  await continueToNextStep(page);
  await fillFields(page, 'portador', { cpf: draftCpf, nome: draftName });
  await field(page, 'portador.nome').blur();
}

/** Looks a CPF up on the analyses screen: its result on screen, the CPF among the recent lookups. */
async function lookUp(page: Page, cpf: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Análises por CPF' }).click();
  await page.getByRole('textbox', { name: 'CPF' }).fill(cpf);
  await page.getByRole('button', { name: 'Consultar', exact: true }).click();
}

/** Signed in again in this tab: no draft comes back, no recent lookup is listed. */
async function expectNothingLeft(page: Page) {
  const html = await page.content();
  for (const value of personalData) expect(html, `"${value}" still in the page`).not.toContain(value);
  await page.getByRole('navigation').getByRole('link', { name: 'Análises por CPF' }).click();
  await expect(page.getByRole('textbox', { name: 'CPF' })).toHaveValue('');
  await expect(page.getByRole('complementary', { name: 'Consultas recentes desta aba' })).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  await expect(field(page, 'codigodoproduto')).toContainText('Cartão Gold');
  await expect(page.getByText('Rascunho recuperado')).toHaveCount(0);
}

// Two tabs, or several screens and a re-authentication: a bound, not a duration (runs took up to 1.9 min
// at a load average of 25 on two cores).
test.describe.configure({ timeout: 180_000 });

async function sandboxJwt(page: Page, sandbox: SandboxControl, subject: string): Promise<string> {
  const response = await page.request.post(`${sandbox.base}/__sandbox/tokens`, {
    data: { scopes: ['accounts:read', 'cards:read', 'cards:write'], expiresInSeconds: 3600, subject },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { token: string };
  return body.token;
}

test.describe('one session for every tab', () => {
  test('signing out in one tab signs the other out, with its draft and lookups gone', async ({
    page,
    context,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    for (const value of personalData) privacy.watch(value);
    const other = await context.newPage();
    await signInWithSandboxToken(page);
    await signInWithSandboxToken(other);

    // The second tab holds personal data: a lookup and a typed draft.
    await lookUp(other, lookedUp);
    await expect(other.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();
    await typeDraft(other);
    await expect(field(other, 'portador.nome')).toHaveValue(draftName);

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/entrar$/);

    // The other tab follows at once, and says why.
    await expect(other).toHaveURL(/\/entrar$/);
    await expect(other.getByText('Sua sessão foi encerrada em outra aba deste navegador')).toBeVisible();
    await expectNoAxeViolations(other, 'signed out by another tab');
    const html = await other.content();
    for (const value of personalData) expect(html, `"${value}" left on screen`).not.toContain(value);

    // Signed in again, the tab holds nothing of before.
    await other.getByRole('button', { name: /Operador/ }).click();
    await other.waitForURL((url) => !url.pathname.startsWith('/entrar'));
    await expectNothingLeft(other);
    await other.close();
  });

  test('a session limit in one tab ends the others; activity in one tab keeps the others alive', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    const other = await context.newPage();
    await signInWithSandboxToken(page);
    await signInWithSandboxToken(other);
    await expect(other.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // Four minutes of work in the second tab only: the first tab's idle limit (5 min) counts from it.
    for (let minute = 0; minute < 4; minute += 1) {
      await page.clock.fastForward('01:00');
      await other.keyboard.press('Shift');
    }
    await page.clock.fastForward('01:30');
    await expect(page.getByRole('alertdialog', { name: 'Sua sessão vai expirar' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // Then nobody works anywhere: the limit ends both tabs (whichever tab's check comes first tells the
    // other, which then says it ended elsewhere).
    await page.clock.fastForward('05:01');
    for (const tab of [page, other]) {
      await expect(tab).toHaveURL(/\/entrar$/);
      await expect(
        tab.getByText(/Sua sessão foi encerrada (por inatividade|em outra aba deste navegador)/),
      ).toBeVisible();
    }
    await other.close();
  });
});

test.describe('re-authentication with another operator’s token', () => {
  test('empties the tab first: the previous operator’s draft, lookups and results are gone, and it says so', async ({
    page,
    sandbox,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    for (const value of personalData) privacy.watch(value);
    const ana = await sandboxJwt(page, sandbox, 'ana');
    const bruno = await sandboxJwt(page, sandbox, 'bruno');
    privacy.watch(ana);
    privacy.watch(bruno);
    await page.goto('/entrar');
    await page.getByLabel('Token de acesso').fill(ana);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/entrar'));

    // Ana's draft, kept while she looks a CPF up.
    await typeDraft(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Análises por CPF' }).click();
    await page
      .getByRole('dialog', { name: 'Sair da proposta?' })
      .getByRole('button', { name: 'Sair e manter o rascunho' })
      .click();
    await page.getByRole('textbox', { name: 'CPF' }).fill(lookedUp);
    await page.getByRole('button', { name: 'Consultar', exact: true }).click();
    await expect(page.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();

    // Her token is refused; Bruno's token goes into the dialog.
    await sandbox.fault({ endpoint: 'analysisStatus', kind: '401', times: 1 });
    await page.getByRole('textbox', { name: 'CPF' }).fill(seededCpfs.underReviewAndDeclined);
    await page.getByRole('button', { name: 'Consultar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessão expirada' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Token de acesso').fill(bruno);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('status').filter({ hasText: 'Entrou outro operador' })).toContainText(
      'os dados do operador anterior (rascunho, diário e consultas) foram apagados',
    );
    await expectNoAxeViolations(page, 'another operator signed in');
    await expectNothingLeft(page);
  });
});
