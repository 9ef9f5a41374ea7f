import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import {
  IDP_URL,
  OIDC_APP_URL,
  signInAtIdentityProvider,
  watchIdentityProvider,
} from './support/identity-provider';
import { patchConfig } from './support/patch-config';
import { SANDBOX_URL } from './support/sandbox-stores';
import {
  applicant,
  continueToNextStep,
  fillFields,
  fillProductStep,
  fillToReview,
  maskedCpf,
} from './wizard-helpers';

/**
 * OpenID Connect against a real provider: oidc-provider started beside the HTTP sandbox (scripts/dev/oidc-idp.ts,
 * access tokens of 30 s), the same build served with auth.type "oidc" (e2e/config.oidc.e2e.json: renewal
 * 20 s before expiry, idle limit 180 s). The sandbox verifies the IdP's tokens against its JWKS.
 */
test.use({ baseURL: OIDC_APP_URL });
/** Round trips through the IdP on a shared, busy machine: a state may take longer than the default 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });
// The test identity provider's switches (wrong ID tokens on purpose) change only the `switched` user's
// tokens, which no other test signs in with; the tests that set them run in order, in one worker.
test.describe.configure({ mode: 'default', timeout: 90_000 });

const name = (path: string) => `[name="${path}"]`;

/** Authorization headers of the calls the page made to the provider's API (the sandbox). */
function apiAuthorizations(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    // The provider's interface on the test's store: `.../api/...` or `.../accounts/...`.
    if (request.url().startsWith(SANDBOX_URL) && /\/(api|accounts)\//.test(request.url())) {
      if (request.method() !== 'OPTIONS') seen.push(request.headers().authorization ?? '(none)');
    }
  });
  return seen;
}

/**
 * After the return from the IdP (the callback document), the order in which the accounts screen's code
 * and the code exchange were asked for.
 */
function loadsAfterReturn(page: Page): string[] {
  const order: string[] = [];
  let returned = false;
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${OIDC_APP_URL}/entrar/retorno`)) returned = true;
    if (!returned) return;
    if (/\/assets\/accounts-page-[^/]*\.js$/.test(url)) order.push('accounts screen');
    if (url === `${IDP_URL}/token` && request.method() === 'POST') order.push('code exchange');
  });
  return order;
}

/** Makes the IdP refuse refresh-token renewals (as after a revocation); code exchanges still pass. */
async function refuseRenewals(page: Page) {
  await page.route(`${IDP_URL}/token`, async (route) => {
    if (new URLSearchParams(route.request().postData() ?? '').get('grant_type') === 'refresh_token') {
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': OIDC_APP_URL },
        body: JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }),
      });
      return;
    }
    await route.continue();
  });
}

/**
 * The test IdP's switches (scripts/dev/oidc-idp.ts, on only in this suite): its next ID tokens, still signed
 * with its key, name another audience or issuer, or carry the nonce of an earlier sign-in.
 */
async function switchIdTokens(request: APIRequestContext, query: string | null) {
  const response =
    query === null
      ? await request.delete(`${IDP_URL}/__test/id-token`)
      : await request.post(`${IDP_URL}/__test/id-token?${query}`);
  expect(response.status()).toBe(204);
}

/** The authorization request the next "Entrar" sends, as the IdP receives it. */
function nextAuthorization(page: Page) {
  return page.waitForRequest((request) => request.url().startsWith(`${IDP_URL}/auth?`));
}

/** Steps 1 and the start of 2 of the wizard (the applicant's product and due day, CPF and name). */
async function startApplication(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  await expect(page.locator(name('codigodoproduto'))).toContainText('Cartão Gold');
  await fillProductStep(page);
  await continueToNextStep(page);
  await fillFields(page, 'portador', { cpf: applicant.portador.cpf, nome: applicant.portador.nome });
  await page.locator(name('portador.nome')).blur();
}

/** The rest of the wizard, quickly, up to the review. */
async function finishApplication(page: Page) {
  await fillToReview(page, {}, 'personal');
}

test.describe('OpenID Connect sign-in', () => {
  test('sign-in by redirect returns to the screen asked for; every API call carries the IdP token', async ({
    page,
    privacy,
  }) => {
    const traffic = watchIdentityProvider(page, privacy);
    const authorizations = apiAuthorizations(page);
    const afterReturn = loadsAfterReturn(page);
    await page.goto('/entrar');
    await expect(page.getByText('Entre com a sua conta da instituição')).toBeVisible();
    await expectNoAxeViolations(page, 'oidc sign-in');

    // A cold start at a signed-in screen goes to the identity provider at once, and back to that screen.
    await page.goto('/contas');
    await signInAtIdentityProvider(page, 'operator');
    await expect(page).toHaveURL(`${OIDC_APP_URL}/contas`);
    await expect(page.getByRole('heading', { name: 'Contas', level: 1 })).toBeVisible();
    await expect(page.getByText('Padaria Horizonte').first()).toBeVisible();

    // The screen asked for started loading while the code was exchanged, not after.
    expect(afterReturn).toEqual(['accounts screen', 'code exchange']);
    expect(traffic.accessTokens).toHaveLength(1);
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations)).toEqual(new Set([`Bearer ${traffic.accessTokens[0]}`]));
    // The round trip's state (with the PKCE verifier) is gone, and nothing of it is in the address.
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    expect(page.url()).not.toMatch(/[?&#](code|state)=/);

    // Tokens live in memory only: a reload signs in again, on the identity provider's session (no
    // password), and comes back to the same screen with a new token.
    await page.reload();
    await expect(page.getByText('Padaria Horizonte').first()).toBeVisible();
    await expect(page).toHaveURL(`${OIDC_APP_URL}/contas`);
    expect(traffic.accessTokens).toHaveLength(2);
  });

  test('a credit application across a silent renewal (refresh token), sent with the renewed token', async ({
    page,
    privacy,
  }) => {
    privacy.allowStatusLookups();
    await page.clock.install();
    const traffic = watchIdentityProvider(page, privacy);
    await page.goto('/proposta/nova');
    await signInAtIdentityProvider(page, 'operator');
    await expect(page).toHaveURL(/\/proposta\/nova/);
    await startApplication(page);

    // Past "renew 20 s before a 30 s token": the library renews with the refresh token.
    const renewed = page.waitForResponse(
      (response) =>
        response.url() === `${IDP_URL}/token` &&
        response.request().postData()?.includes('grant_type=refresh_token') === true,
    );
    await page.clock.fastForward('00:15');
    expect((await renewed).status()).toBe(200);
    await expect.poll(() => traffic.accessTokens.length).toBe(2);

    await finishApplication(page);
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().startsWith(SANDBOX_URL),
    );
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    // Sent with a renewed token (the clock keeps running, so a later renewal may have replaced it too).
    const used = (await sent).headers().authorization?.replace(/^Bearer /, '');
    expect(traffic.accessTokens.slice(1)).toContain(used);
    expect(traffic.refreshRequests).toBeGreaterThanOrEqual(1);
  });

  test('a renewal refused mid-form opens the re-authentication, and nothing typed is lost', async ({
    page,
    privacy,
  }) => {
    await page.clock.install();
    const traffic = watchIdentityProvider(page, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    await startApplication(page);
    await refuseRenewals(page);

    await page.clock.fastForward('00:15');
    const dialog = page.getByRole('dialog', { name: 'Sessão expirada' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('não pôde ser renovada');
    await expectNoAxeViolations(page, 'oidc re-authentication');

    // The provider's session is still open: the pop-up comes straight back with a new code.
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Entrar novamente' }).click();
    await (await popup).waitForEvent('close');
    await expect(dialog).toBeHidden();
    await expect.poll(() => traffic.accessTokens.length).toBe(2);
    await expect(page.locator(name('portador.cpf'))).toHaveValue(maskedCpf(applicant.portador.cpf));
    await expect(page.locator(name('portador.nome'))).toHaveValue(applicant.portador.nome);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  });

  test('sign-out ends the provider’s session too, and the next sign-in asks for credentials', async ({
    page,
    privacy,
  }) => {
    watchIdentityProvider(page, privacy);
    await page.goto('/contas');
    await signInAtIdentityProvider(page, 'operator');
    await expect(page.getByText('Padaria Horizonte').first()).toBeVisible();
    const endSession = page.waitForRequest((request) => request.url().startsWith(`${IDP_URL}/session/end`));
    await page.getByRole('button', { name: 'Sair' }).click();
    // No token in the end-session URL: client_id identifies the client instead of an id_token_hint.
    expect((await endSession).url()).not.toContain('id_token_hint');
    await page.getByRole('button', { name: 'Sim, sair' }).click();
    await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
    // Back leads to the provider's end-session page, which sends the browser on to sign-in by itself (a
    // second navigation, after Back has returned): the test waits for sign-in rather than going there
    // too, which would race with it.
    await page.goBack();
    await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
    const signIn = page.getByRole('button', { name: 'Entrar', exact: true });
    await expect(signIn).toBeVisible();
    await expect(page.getByText('Padaria Horizonte')).toHaveCount(0);

    await signIn.click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('idle: a warning a minute before, "Continuar conectado" keeps the session, then it ends', async ({
    page,
    privacy,
  }) => {
    await page.clock.install();
    watchIdentityProvider(page, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    // Signed in: "Sair" is the app's own (the return's first frame, painted from the HTML, has a heading too).
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

    await page.clock.fastForward('02:01');
    const warning = page.getByRole('alertdialog', { name: 'Sua sessão vai expirar' });
    await expect(warning).toBeVisible();
    await expectNoAxeViolations(page, 'idle warning');
    await warning.getByRole('button', { name: 'Continuar conectado' }).click();
    await expect(warning).toBeHidden();

    await page.clock.fastForward('02:01');
    await expect(warning).toBeVisible();
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
    await expect(page.getByText('Sua sessão foi encerrada por inatividade')).toBeVisible();
    // The time-out is remembered in this page's memory, not in Web Storage.
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);

    // After a time-out the provider is asked for credentials again (prompt=login).
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  // At both speeds of the identity provider: its answers (pages, token endpoint, revocation) at once, and
  // each 1.5 s late.
  for (const delayMs of [0, 1500]) {
    test(`after an idle time-out, a reload and "Entrar" meet the password form again (max_age, auth_time), IdP answering in ${delayMs} ms`, async ({
      page,
      privacy,
    }) => {
      test.setTimeout(90_000);
      // eslint-disable-next-line playwright/no-conditional-in-test -- the provider's speed is this test's parameter, fixed before it starts: at 0 ms nothing is routed, so that case meets the provider itself.
      if (delayMs > 0)
        await page.route(`${IDP_URL}/**`, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          await route.fallback();
        });
      await page.clock.install();
      watchIdentityProvider(page, privacy);
      await page.goto('/produtos');
      const first = nextAuthorization(page);
      await signInAtIdentityProvider(page, 'operator');
      const sent = new URL((await first).url());
      // Every sign-in carries a fresh nonce and asks for a password typed within the idle limit (180 s).
      expect(sent.searchParams.get('max_age')).toBe('180');
      expect(sent.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
      // Signed in: "Sair" is the app's own (the return's first frame, painted from the HTML, has a heading too).
      await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

      await page.clock.fastForward('03:01');
      await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
      await expect(page.getByText('Sua sessão foi encerrada por inatividade')).toBeVisible();

      // The operator comes back later and reloads: the page forgets everything it knew, the time-out
      // included (nothing is kept in Web Storage), and the IdP's session is still open. Only the browser's
      // clock moves here, so the IdP still sees a recent password and lets `max_age` pass; the app's own
      // check of `auth_time` (older than the idle limit and its tolerance) sends the sign-in back with
      // `prompt=login`. A provider whose clock moves asks for the password on the first request.
      await page.clock.fastForward('01:00');
      await page.reload();
      expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
      const again = nextAuthorization(page);
      const withPrompt = page.waitForRequest(
        (request) =>
          request.url().startsWith(`${IDP_URL}/auth?`) &&
          new URL(request.url()).searchParams.get('prompt') === 'login',
      );
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      const retried = new URL((await again).url());
      expect(retried.searchParams.get('nonce')).not.toBe(sent.searchParams.get('nonce'));
      expect(retried.searchParams.get('max_age')).toBe('180');
      await withPrompt;
      await expect(page.locator('input[name="login"]')).toBeVisible();
      await page.locator('input[name="login"]').fill('operator');
      await page.locator('input[name="password"]').fill('senha-de-teste');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await expect(page).toHaveURL(`${OIDC_APP_URL}/produtos`);
      await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    });
  }

  test('the absolute limit counts from the IdP’s auth_time: a reload does not restart it', async ({
    page,
    privacy,
  }) => {
    await patchConfig(page, { sessionLimits: { idleTimeoutSeconds: 240, absoluteLifetimeSeconds: 300 } });
    await page.clock.install();
    watchIdentityProvider(page, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'operator');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // 170 s later (no warning yet: it opens at 180 s of inactivity), a reload signs in again on the
    // IdP's session, without a password: it was typed within the idle limit.
    await page.clock.fastForward('02:50');
    await page.reload();
    // Back signed in ("Sair" is the app's: the screen's first frame has no such button).
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page).toHaveURL(`${OIDC_APP_URL}/produtos`);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // 135 s after the reload, 305 s after the password: the 300 s limit has passed.
    await page.clock.fastForward('02:15');
    await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
    await expect(page.getByText('Sua sessão atingiu a duração máxima')).toBeVisible();
  });

  for (const [what, query] of [
    ['another audience (a token issued to another client)', 'aud=another-client'],
    ['another issuer', 'iss=https%3A%2F%2Fevil.example'],
  ] as const) {
    test(`an ID token with ${what} is refused, and nothing is signed in`, async ({
      page,
      privacy,
      request,
    }) => {
      watchIdentityProvider(page, privacy);
      const authorizations = apiAuthorizations(page);
      await switchIdTokens(request, query);
      try {
        await page.goto('/produtos');
        await signInAtIdentityProvider(page, 'switched');
        await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
        await expect(page.getByRole('alert')).toContainText('não passou nas verificações de segurança');
        await expectNoAxeViolations(page, 'ID token refused');
        expect(authorizations).toEqual([]);
        expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
      } finally {
        await switchIdTokens(request, null);
      }
    });
  }

  test('an ID token carrying the nonce of an earlier sign-in (a replay) is refused', async ({
    page,
    privacy,
    request,
  }) => {
    watchIdentityProvider(page, privacy);
    await page.goto('/produtos');
    await signInAtIdentityProvider(page, 'switched');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();

    // A new page signs in again on the IdP's session; the answer carries the first sign-in's nonce.
    const authorizations = apiAuthorizations(page);
    await switchIdTokens(request, 'nonce=replay');
    try {
      await page.reload();
      await expect(page.getByRole('alert')).toContainText('não passou nas verificações de segurança');
      await expect(page).toHaveURL(`${OIDC_APP_URL}/entrar`);
      expect(authorizations).toEqual([]);
    } finally {
      await switchIdTokens(request, null);
    }
  });
});
