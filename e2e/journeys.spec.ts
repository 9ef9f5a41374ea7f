import type { APIRequestContext, Page } from '@playwright/test';
import { sandboxProfile, statusWord } from '../src/sandbox/profiles';
import { expect, test } from './fixtures';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { applicant, fillCreditApplication } from './wizard-helpers';

/**
 * The main journeys against the sandbox's profiles (a `journeys-<profile>` project each; see
 * playwright.config.ts). Every profile answers with another reading of the interface's "not shown"
 * points, and the page gets the config.json keys that reading calls for (src/sandbox/profiles.ts). The
 * checks are the same everywhere: what the operator sees, and what reached the sandbox.
 *
 * Each journey is tagged with the readings it goes through (a profile's keys, `@reading:<key>`): the
 * `default` profile runs every journey, every other profile only those that go through a reading it
 * changes. The `slow` profile's is `requestTimeoutMs` (every answer 1.5 s late, the time-out 15 s): the
 * journeys where a late answer changes what the operator sees or sends (the steps that wait for their
 * data, a send that must go once) are tagged with it; one that only waits longer for the same screen is
 * not.
 */

/** A valid CPF that no profile knows. */
const UNKNOWN_CPF = '11122233396';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

interface Account {
  accountId: string;
  account: string;
  tradeName: string;
  branch: string;
  balance: { total: number; blocked: number; available: number };
}

/** The store's own account list, read the way the app reads it (bearer token, accounts base). */
async function storeAccounts(request: APIRequestContext, base: string): Promise<Account[]> {
  const response = await request.get(`${base}/accounts/v1/account/get-all-accounts/`, {
    headers: { Authorization: 'Bearer sandbox-operator' },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { accounts: Account[] };
  return body.accounts;
}

function currentProfile(value: string | null): string {
  if (value === null) throw new Error('journeys.spec.ts runs only in a journeys-<profile> project');
  return value;
}

/** The tags of a journey that goes through these readings (keys of a profile or of its config). */
const readings = (...keys: string[]) => ({ tag: keys.map((key) => `@reading:${key}`) });

/** What the profile's config says for `key`, or the app's default. */
const configured = (profile: string, key: string, fallback: string): unknown =>
  sandboxProfile(profile).appConfig[key] ?? fallback;

/** The account's available balance in reais, from the store's figure in the profile's unit. */
const availableInReais = (profile: string, account: Account): number =>
  configured(profile, 'balanceUnit', 'centavos') === 'reais'
    ? account.balance.available
    : account.balance.available / 100;

/** The store's account at `index`; the seed has thirty, so a missing one is a broken seed. */
function accountAt(accounts: Account[], index: number): Account {
  const account = accounts[index];
  if (!account) throw new Error(`the seed has fewer than ${index + 1} accounts`);
  return account;
}

/**
 * What the status screen says of a CPF the provider does not know: a "sucesso: false" answer is shown as
 * the provider's refusal with its message; a 200 with no results, or a 404 Error object, both mean "no
 * application", not a failure.
 */
const unknownCpfTexts = (profile: ReturnType<typeof sandboxProfile>): Array<string | RegExp> =>
  profile.unknownCpf === 'sucesso-false'
    ? [
        'O provedor informou que a consulta não teve sucesso.',
        /Nenhuma proposta encontrada para o documento informado\./,
      ]
    : ['Nenhuma proposta para este CPF.'];

/** The field of an Account the profile reads as the virtual-card code, and that code. */
function codeOf(profile: string, account: Account): number {
  const field = sandboxProfile(profile).virtualCardAccountField;
  return Number(account[field]);
}

// Also in Firefox ESR (the `firefox-esr` project, on the default profile).
test.describe('main journeys', { tag: '@firefox' }, () => {
  test('sign-in and products', readings(), async ({ page, sandboxProfile: value }) => {
    const profile = currentProfile(value);
    await signInWithSandboxToken(page);
    await expect(page.getByText(`E2E ${profile}`).first()).toBeVisible();
    await nav(page).getByRole('link', { name: 'Produtos' }).click();
    const table = page.getByRole('table').first();
    await expect(table).toContainText('Cartão Gold Internacional');
    // Server text stays text, in every profile.
    await expect(table).toContainText('<img src=x onerror=window.__x=1> Cartão Teste');
    expect(await page.evaluate(() => window.__x)).toBeUndefined();
  });

  test(
    'a whole credit application, then its status',
    readings(
      'creditRequestReply',
      'refuseEmptyStrings',
      'messages',
      'incomeUnit',
      'statusWords',
      'analysisStatuses',
      'requestTimeoutMs',
    ),
    async ({ page, sandbox, privacy, sandboxProfile: value }) => {
      const profile = currentProfile(value);
      test.setTimeout(90_000);
      privacy.watch(applicant.portador.nome);
      // The status lookup carries the CPF in its path, as the interface defines it.
      privacy.allowStatusLookups();
      await signInWithSandboxToken(page);
      await fillCreditApplication(page);
      await expect(page.getByText('Etapa 8 de 8', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Enviar proposta' }).click();
      // 201 with a body, 202 without one, 200 with another body: each is a success to show.
      await expect(page.getByText('Proposta enviada').first()).toBeVisible({ timeout: 15_000 });

      const recorded = (await sandbox.lastRequest('creditRequest')) as {
        body: { portador: { cpf: string; nomeempresa: string; valorrenda: number } };
      };
      const incomeUnit = configured(profile, 'incomeUnit', 'centavos');
      expect(recorded.body.portador).toMatchObject({
        cpf: applicant.portador.cpf,
        nomeempresa: applicant.portador.nomeempresa,
        valorrenda: incomeUnit === 'reais' ? 6_500 : 650_000,
      });
      expect(
        ((await sandbox.stats()) as { applicationsPerCpf: Record<string, number> }).applicationsPerCpf,
      ).toEqual({ [applicant.portador.cpf]: 1 });

      // Straight to the CPF's status: the new analysis, in the profile's Status word, coloured by config.
      await nav(page).getByRole('link', { name: 'Análises por CPF' }).click();
      const cpf = page.getByRole('textbox', { name: 'CPF' });
      await cpf.fill(applicant.portador.cpf);
      await cpf.press('Enter');
      const results = page.getByRole('table', { name: 'Propostas do CPF consultado' });
      await expect(results).toContainText('PRP-2026-001000');
      // The chip carries the provider's word in its title and the configured label as its text.
      await expect(
        results.locator(`[title="${statusWord(sandboxProfile(profile), 'EM_ANALISE')}"]`),
      ).toHaveText('Em análise');
    },
  );

  test(
    'status lookup: a known CPF, one with 25 analyses, and an unknown one',
    readings('statusWords', 'notes', 'unknownCpf', 'analysisStatuses', 'paging', 'analysisStatusPaging'),
    async ({ page, privacy, sandboxProfile: value }) => {
      const profile = sandboxProfile(currentProfile(value));
      privacy.allowStatusLookups();
      await signInWithSandboxToken(page);
      await nav(page).getByRole('link', { name: 'Análises por CPF' }).click();
      const cpf = page.getByRole('textbox', { name: 'CPF' });
      await cpf.fill('52998224725');
      await cpf.press('Enter');
      const results = page.getByRole('table', { name: 'Propostas do CPF consultado' });
      await expect(results.locator(`[title="${statusWord(profile, 'APROVADO')}"]`)).toHaveText('Aprovada');

      // 25 analyses: every one when the profile's config pages, else the first page and why.
      await cpf.fill('27548360983');
      await cpf.press('Enter');
      const paged = sandboxProfile(profile.name).appConfig['analysisStatusPaging'] !== undefined;
      await expect(results.getByRole('rowheader')).toHaveCount(paged ? 25 : 10);
      await expect(
        page.getByText(paged ? '25 de 25 propostas' : '10 de 25 propostas', { exact: true }),
      ).toBeVisible();

      await cpf.fill('98765432100'); // alertas: strings in the seed, {code, message} objects in some profiles
      await cpf.press('Enter');
      await expect(page.getByText('Biometria facial pendente no aplicativo')).toBeVisible();

      await cpf.fill(UNKNOWN_CPF);
      await cpf.press('Enter');
      for (const text of unknownCpfTexts(profile)) await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
  );

  test(
    'virtual card: picked by trade name, sent once with the configured code',
    readings('accountIds', 'virtualCardAccountField', 'cardReplyStatus', 'requestTimeoutMs'),
    async ({ page, request, sandbox, sandboxProfile: value }) => {
      const profile = currentProfile(value);
      const target = accountAt(await storeAccounts(request, sandbox.base), 1);
      const code = codeOf(profile, target);
      await signInWithSandboxToken(page);
      await nav(page).getByRole('link', { name: 'Cartões' }).click();
      const picker = page.getByRole('combobox', { name: 'Conta' });
      await picker.fill(target.tradeName);
      const option = page.getByRole('option', { name: new RegExp(target.tradeName) });
      await expect(option).toContainText(`Código enviado: ${code}`);
      await option.click();
      await page.getByRole('button', { name: 'Solicitar cartão virtual…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
      await expect(dialog).toContainText(`para a conta ${code}.`);
      await dialog.getByRole('button', { name: 'Solicitar' }).dblclick();
      const section = page.getByRole('region', { name: 'Solicitar cartão virtual' });
      await expect(section.getByRole('status')).toContainText(
        `Cartão virtual solicitado para a conta ${code}`,
        {
          timeout: 15_000,
        },
      );
      expect(await sandbox.lastRequest('createVirtualCard')).toMatchObject({ body: { account: code } });
      const stats = (await sandbox.stats()) as {
        virtualCardsPerAccount: Record<string, number>;
        requestsPerEndpoint: { createVirtualCard: number };
      };
      expect(stats.virtualCardsPerAccount).toEqual({ [target.accountId]: 1 });
      expect(stats.requestsPerEndpoint.createVirtualCard).toBe(1);
    },
  );

  test(
    'accounts list, and its row action opens the same request',
    readings('accountIds', 'virtualCardAccountField', 'balanceUnit'),
    async ({ page, request, sandbox, sandboxProfile: value }) => {
      const profile = currentProfile(value);
      const accounts = await storeAccounts(request, sandbox.base);
      const target = accountAt(accounts, 2);
      const code = codeOf(profile, target);
      await signInWithSandboxToken(page);
      await nav(page).getByRole('link', { name: 'Contas' }).click();
      const table = page.getByRole('table', { name: 'Contas da instituição' });
      await expect(page.getByText(`${accounts.length} contas`, { exact: true })).toBeVisible();
      // Balances in the profile's unit, shown in reais either way (at 1280 px the available balance is the
      // one shown by default).
      const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
        availableInReais(profile, target),
      );
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: target.tradeName }) });
      await expect(row).toContainText(money);

      await row.getByRole('button', { name: /^Solicitar cartão virtual para/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Solicitar cartão virtual?' });
      await expect(dialog).toContainText(`para a conta ${code}.`);
      await expect(dialog).toContainText(target.tradeName);
      await dialog.getByRole('button', { name: 'Solicitar' }).click();
      await expect(
        page.getByRole('region', { name: 'Solicitar cartão virtual' }).getByRole('status'),
      ).toContainText(`Cartão virtual solicitado para a conta ${code}`, { timeout: 15_000 });
      expect(await sandbox.lastRequest('createVirtualCard')).toMatchObject({ body: { account: code } });
    },
  );

  test('cancellation behind the confirmation', readings('cardReplyStatus'), async ({ page, sandbox }) => {
    await signInWithSandboxToken(page);
    await nav(page).getByRole('link', { name: 'Cartões' }).click();
    await page.getByRole('textbox', { name: 'Código do cartão' }).fill('5003');
    await page.getByRole('button', { name: 'Cancelar cartão…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar o cartão 5003?' });
    await dialog.getByRole('textbox', { name: 'Digite o código do cartão para confirmar' }).fill('5003');
    await dialog.getByRole('button', { name: 'Cancelar o cartão' }).click();
    await expect(page.getByRole('region', { name: 'Cancelar cartão' }).getByRole('status')).toContainText(
      'Cartão 5003 cancelado',
      { timeout: 15_000 },
    );
    expect(((await sandbox.stats()) as { cancelsPerCard: Record<string, number> }).cancelsPerCard).toEqual({
      '5003': 1,
    });
  });
});
