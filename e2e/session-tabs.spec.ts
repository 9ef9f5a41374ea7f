import type { Page } from '@playwright/test';
import { seededCpfs } from '../src/sandbox/seed';
import { expect as baseExpect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { OIDC_APP_URL, signInAtIdentityProvider, watchIdentityProvider } from './support/identity-provider';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import type { SandboxControl } from './support/sandbox-control';
import { applicant, continueToNextStep, field, fillFields, fillProductStep } from './wizard-helpers';

/** Lazy screens, two tabs and a shared, busy machine: a state may take longer than the default 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * One operator per workstation, one session for every tab, decided only from a verified identity
 * (docs/decisions/017-operator-identity-verified-only.md):
 * - OpenID Connect: two tabs of the same verified operator share the session (a sign-out or a limit in
 *   one ends both; activity in one keeps both); a sign-in of another operator in one tab signs the other
 *   out with its personal data gone;
 * - token mode: nothing verifies who holds a pasted token, so a sign-in in another tab, and a
 *   re-authentication in this one, empty the tab first, whatever the token claims.
 * BroadcastChannel messages carry an event name, a time and an HMAC under the identity provider's session
 * id (`sid`), never a subject or a token (the privacy sweep looks for the tokens); a page of the origin
 * without that session can neither keep a tab alive nor learn who is signed in
 * (docs/decisions/034-tabs-share-the-idp-session.md).
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

// Two tabs, or several screens and a re-authentication.
test.describe.configure({ timeout: 60_000 });

/** A JWT anyone can write (alg "none"), claiming this subject; the sandbox accepts its shape. */
function unsignedJwtClaiming(subject: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { iss: 'sandbox', sub: subject, scope: 'accounts:read cards:read cards:write', exp };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

async function sandboxJwt(page: Page, sandbox: SandboxControl, subject: string): Promise<string> {
  const response = await page.request.post(`${sandbox.base}/__sandbox/tokens`, {
    data: { scopes: ['accounts:read', 'cards:read', 'cards:write'], expiresInSeconds: 3600, subject },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Signed out by what another tab did: on the sign-in screen, saying why, with nothing personal left. */
async function expectSignedOutWithNothingLeft(page: Page, why: string | RegExp) {
  await expect(page).toHaveURL(/\/entrar$/);
  await expect(page.getByText(why)).toBeVisible();
  const html = await page.content();
  for (const value of personalData) expect(html, `"${value}" left on screen`).not.toContain(value);
}

const otherOperatorSignedIn = 'Houve uma entrada em outra aba deste navegador, de outro operador';

test.describe('OpenID Connect: one verified operator, one session for every tab', () => {
  test.use({ baseURL: OIDC_APP_URL });

  /** Signs a second tab in on the IdP's session (no password: it was typed within the idle limit). */
  async function signInAgainOnTheProvidersSession(tab: Page) {
    // A cold start at a signed-in screen goes to the IdP at once and comes back signed in ("Sair" is the
    // app's own: the screen's first frame, painted from the HTML, has no such button).
    await tab.goto('/produtos');
    await expect(tab.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(tab.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
  }

  test('signing out in one tab signs the other out, with its draft and lookups gone', async ({
    page,
    context,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    for (const value of personalData) privacy.watch(value);
    const other = await context.newPage();
    watchIdentityProvider(page, privacy);
    watchIdentityProvider(other, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    await signInAgainOnTheProvidersSession(other);
    // The second tab's sign-in is the same verified operator's: the first tab stays.
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // The second tab holds personal data: a lookup and a typed draft.
    await lookUp(other, lookedUp);
    await expect(other.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();
    await typeDraft(other);
    await expect(field(other, 'portador.nome')).toHaveValue(draftName);
    expect(await page.evaluate(() => location.pathname)).toBe('/produtos');

    await page.getByRole('button', { name: 'Sair' }).click();
    // Signing out here erases the other tab's draft: the question says so first (kinds only travel
    // between the tabs, never the draft's data).
    const question = page.getByRole('dialog', {
      name: 'Sair de todas as abas e apagar o trabalho não enviado?',
    });
    await expect(question.getByRole('list', { name: 'Trabalho em outras abas' })).toHaveText(
      'uma proposta de crédito que ainda não foi enviada, em outra aba;',
    );
    await question.getByRole('button', { name: 'Sair e apagar' }).click();
    // The other tab follows at once, and says why.
    await expectSignedOutWithNothingLeft(other, 'Sua sessão foi encerrada em outra aba deste navegador');
    await expectNoAxeViolations(other, 'signed out by another tab');
    await other.close();
  });

  test('a session limit in one tab ends the others; activity in a tab of the same operator keeps the others alive', async ({
    page,
    context,
    privacy,
  }) => {
    await page.clock.install();
    const other = await context.newPage();
    watchIdentityProvider(page, privacy);
    watchIdentityProvider(other, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    await signInAgainOnTheProvidersSession(other);

    // Two and a half minutes of work in the second tab only: the first tab's idle limit (180 s, the
    // warning a minute before) counts from it.
    for (let step = 0; step < 5; step += 1) {
      await page.clock.fastForward('00:30');
      await other.keyboard.press('Shift');
    }
    await page.clock.fastForward('01:00');
    await expect(page.getByRole('alertdialog', { name: 'Sua sessão vai expirar' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // Then nobody works anywhere: the limit ends both tabs (whichever tab's check comes first tells the
    // other, which then says it ended elsewhere).
    await page.clock.fastForward('03:01');
    for (const tab of [page, other]) {
      await expect(tab).toHaveURL(/\/entrar$/);
      await expect(
        tab.getByText(/Sua sessão foi encerrada (por inatividade|em outra aba deste navegador)/),
      ).toBeVisible();
    }
    await other.close();
  });

  test('a page of the origin that answers the tabs and posts activity keeps no tab alive: the idle limit ends it', async ({
    page,
    context,
    privacy,
  }) => {
    await page.clock.install();
    watchIdentityProvider(page, privacy);
    // A page of the app's origin that is no signed-in tab (script someone got to run there, a stale
    // build): it answers a sign-in as a tab of the same operator did in the exchange before this one (a
    // key of its own), replays every sign-in and activity it hears, and says its operator is at work.
    const forged = await context.newPage();
    await forged.goto('/config.json');
    await forged.evaluate(() => {
      const channel = new BroadcastChannel('cartoes-backoffice.session');
      const base64Url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      channel.onmessage = async ({ data }: MessageEvent<Record<string, unknown>>) => {
        if (data.type === 'signed-in' && typeof data.key === 'string') {
          const keys = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
            'deriveBits',
          ]);
          const key = base64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)));
          channel.postMessage({ type: 'answer', from: 'forged', to: data.from, key });
        }
        if (data.type === 'signed-in' || data.type === 'activity') channel.postMessage(data);
      };
      Object.assign(window, {
        forgeActivity() {
          channel.postMessage({ type: 'activity', from: 'forged' });
          const proof = base64Url(crypto.getRandomValues(new Uint8Array(32)));
          channel.postMessage({ type: 'activity', at: Date.now(), proof });
        },
      });
    });
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // Two and a half minutes in which only the forged page says anyone works.
    for (let step = 0; step < 5; step += 1) {
      await page.clock.fastForward('00:30');
      await forged.evaluate(() => (window as unknown as { forgeActivity: () => void }).forgeActivity());
    }
    // The idle warning came a minute before the limit (180 s), and stays; then the limit ends the tab.
    await expect(page.getByRole('alertdialog', { name: 'Sua sessão vai expirar' })).toBeVisible();
    await page.clock.fastForward('00:31');
    await expect(page).toHaveURL(/\/entrar$/);
    await expect(page.getByText('Sua sessão foi encerrada por inatividade')).toBeVisible();
    await forged.close();
  });

  test('another operator signing in in a second tab signs the first out, with its lookups gone', async ({
    page,
    context,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    for (const value of personalData) privacy.watch(value);
    const other = await context.newPage();
    watchIdentityProvider(page, privacy);
    watchIdentityProvider(other, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    await lookUp(page, lookedUp);
    await expect(page.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();

    // The operator walks away; someone else signs in at the provider in a new tab (the provider's
    // session cookie gone, its login form asks who).
    await context.clearCookies();
    await other.goto('/produtos');
    await signInAtIdentityProvider(other, 'analyst');
    await expect(other.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    await expectSignedOutWithNothingLeft(page, otherOperatorSignedIn);
    await other.close();
  });
});

test.describe('token mode: nothing verifies who holds a pasted token', () => {
  test('a sign-in in a second tab signs the first out, with its lookups gone, whatever the token', async ({
    page,
    context,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    for (const value of personalData) privacy.watch(value);
    await signInWithSandboxToken(page);
    await lookUp(page, lookedUp);
    await expect(page.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();

    // The same sandbox token, even: who pasted it is not known.
    const other = await context.newPage();
    await signInWithSandboxToken(other);
    await expectSignedOutWithNothingLeft(page, otherOperatorSignedIn);
    await expect(other.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    await other.close();
  });
});

test.describe('re-authentication with a pasted token', () => {
  test('empties the tab first, even for a token claiming the same subject: the draft, lookups and results are gone, and it says so', async ({
    page,
    sandbox,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    for (const value of personalData) privacy.watch(value);
    const ana = await sandboxJwt(page, sandbox, 'ana');
    // An unsigned JWT naming Ana, written by hand: the sandbox takes it, the app must not believe it.
    const claimingAna = unsignedJwtClaiming('ana');
    privacy.watch(ana);
    privacy.watch(claimingAna);
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

    // Her token is refused; a token claiming to be hers goes into the dialog, which said what would go.
    await sandbox.fault({ endpoint: 'analysisStatus', kind: '401', times: 1 });
    await page.getByRole('textbox', { name: 'CPF' }).fill(seededCpfs.underReviewAndDeclined);
    await page.getByRole('button', { name: 'Consultar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessão expirada' });
    await expect(dialog).toContainText('o que esta aba guarda será apagado');
    await dialog.getByLabel('Token de acesso').fill(claimingAna);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog).toBeHidden();

    await expect(
      page.getByRole('status').filter({ hasText: 'Não há como confirmar que é o mesmo operador' }),
    ).toContainText('o rascunho da proposta, as consultas (também as em lote) e o diário de operações');
    await expectNoAxeViolations(page, 'a pasted token: the tab emptied');
    await expectNothingLeft(page);
  });
});
