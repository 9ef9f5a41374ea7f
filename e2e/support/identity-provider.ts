/**
 * OpenID Connect sign-in in the e2e run: where the test identity provider (scripts/dev/oidc-idp.ts, started by
 * the sandbox with --oidc) and the oidc preview of the build live, the login at the provider, and the
 * registration of what its token endpoint hands out as secrets, so that the privacy sweep looks for them.
 */
import type { Page } from '@playwright/test';
import type { PrivacyWatch } from './privacy-watch';

/** The test identity provider and the build preview whose config says auth.type "oidc" (e2e/oidc.spec.ts). */
export const IDP_URL = process.env.E2E_IDP_URL ?? 'http://127.0.0.1:4401';
export const OIDC_APP_URL = process.env.E2E_OIDC_APP_URL ?? 'http://127.0.0.1:4174';

/** What the IdP's token endpoint handed out to the page, newest last. */
export interface IdentityProviderTraffic {
  accessTokens: string[];
  refreshRequests: number;
}

/**
 * Registers every token, refresh token and PKCE verifier that crosses the token endpoint as a secret for
 * the sweep (never in a URL, storage, title or cookie of the app), and the authorisation code as a
 * transient value (in the callback URL once, gone afterwards).
 */
export function watchIdentityProvider(page: Page, privacy: PrivacyWatch): IdentityProviderTraffic {
  const traffic: IdentityProviderTraffic = { accessTokens: [], refreshRequests: 0 };
  page.on('request', (request) => {
    if (request.url() !== `${IDP_URL}/token`) return;
    const form = new URLSearchParams(request.postData() ?? '');
    const verifier = form.get('code_verifier');
    const code = form.get('code');
    const refresh = form.get('refresh_token');
    if (verifier) privacy.watch(verifier);
    if (code) privacy.watchTransient(code);
    if (refresh) privacy.watch(refresh);
    if (form.get('grant_type') === 'refresh_token') traffic.refreshRequests += 1;
  });
  page.on('response', (response) => {
    if (response.url() !== `${IDP_URL}/token` || response.status() !== 200) return;
    void response.json().then(
      (body: unknown) => {
        if (typeof body !== 'object' || body === null) return;
        for (const key of ['access_token', 'refresh_token', 'id_token'] as const) {
          const value: unknown = (body as Record<string, unknown>)[key];
          if (typeof value !== 'string') continue;
          privacy.watch(value);
          if (key === 'access_token') traffic.accessTokens.push(value);
        }
      },
      () => undefined,
    );
  });
  return traffic;
}

/**
 * At the IdP's login form (where a cold start at a signed-in screen goes at once, and the sign-in page's
 * "Entrar"): signs in as `user` (any password) and waits to be back in the app.
 */
export async function signInAtIdentityProvider(page: Page, user: 'operator' | 'analyst' | 'switched') {
  await page.waitForURL(`${IDP_URL}/**`);
  await page.locator('input[name="login"]').fill(user);
  await page.locator('input[name="password"]').fill('senha-de-teste');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL(`${OIDC_APP_URL}/**`);
}
