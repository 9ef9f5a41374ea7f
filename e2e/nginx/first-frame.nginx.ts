import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstFrameFiles, firstFrameFor } from '../../src/app/first-frame/frame-routes';
import { expect, test } from '../fixtures';
import { holdTheAppsScripts, recordAddresses, throttleCpu } from '../support/held-scripts';
import { expectSecurityHeaders, NGINX_URL, withSecondNginx } from './nginx-helpers';

/**
 * Each page gets its first frame (docs/decisions/028-the-first-frame-is-the-app.md): the map the renderer
 * writes from src/app/first-frame/frame-routes.ts, on an nginx with OpenID Connect (where the frames
 * differ by path), with the configuration's data block included by nginx's ssi at each request.
 */

/** The OpenID Connect settings of the second nginx here. */
const oidc = {
  type: 'oidc',
  authority: 'http://127.0.0.1:4401',
  clientId: 'cartoes-backoffice',
  scope: 'openid',
  redirectPath: '/volta',
};

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

/** The title of a prerendered frame of the build, which names the frame. */
function builtTitle(mode: string, frame: string): string {
  return title(readFileSync(path.resolve('dist/first-frames', mode, `${frame}.html`), 'utf8'));
}

const paths = [
  '/',
  '/index.html',
  '/entrar',
  '/volta',
  '/volta/popup',
  '/produtos',
  '/produtos/',
  '/proposta/nova',
  '/proposta/nova/dados-pessoais',
  '/analises',
  '/analises/lote',
  '/cartoes',
  '/contas',
  '/nada',
  '/produtos/x',
];

test('every path gets its first frame, the same as frame-routes.ts says, with the configuration stamped in', async ({
  request,
}) => {
  // Titles tell the frames apart: with OpenID Connect, sign-in and the entering frame.
  expect(new Set(firstFrameFiles.map((frame) => builtTitle('oidc-sandbox', frame)))).toEqual(
    new Set(['Entrar · Cartões Back-office', 'Entrando · Cartões Back-office']),
  );
  await withSecondNginx(
    request,
    {
      config: { auth: oidc },
      args: ['--sandbox', process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4400'],
    },
    async (url) => {
      for (const pathname of paths) {
        const response = await request.get(`${url}${pathname}`);
        expect(response.status(), pathname).toBe(200);
        expect(response.headers()['cache-control'], pathname).toBe('no-cache');
        expectSecurityHeaders(
          response.headers(),
          pathname,
          `'self' ${process.env.E2E_SANDBOX_URL ?? ''} http://127.0.0.1:4401`,
        );
        const html = await response.text();
        expect(title(html), pathname).toBe(
          builtTitle('oidc-sandbox', firstFrameFor(pathname, { mode: 'sandbox', auth: oidc })),
        );
        const block = /<script type="application\/json" id="runtime-config">([\s\S]*?)<\/script>/.exec(
          html,
        )?.[1];
        expect(JSON.parse(block ?? 'null'), pathname).toMatchObject({
          mode: 'sandbox',
          auth: { redirectPath: '/volta' },
        });
        expect(html, pathname).not.toContain('rel="preload" href="/config.json"');
        // The frame's include was filled in by nginx, not sent as it is.
        expect(html, pathname).not.toContain('<!--#');
      }
    },
  );
});

test('token mode: every page is the sign-in frame; config.json is still served', async ({ request }) => {
  for (const pathname of ['/', '/produtos', '/entrar/retorno', '/nada']) {
    const html = await (await request.get(`${NGINX_URL}${pathname}`)).text();
    expect(title(html), pathname).toBe(builtTitle('token-sandbox', 'entrar'));
    expect(html, pathname).toContain('id="runtime-config"');
  }
  expect((await request.get(`${NGINX_URL}/config.json`)).status()).toBe(200);
});

for (const cpu of [1, 4]) {
  test(`typed and Enter pressed before the scripts run, on nginx: signed in once with it, never a plain form (CPU ${cpu}x)`, async ({
    page,
  }) => {
    await throttleCpu(page, cpu);
    const addresses = recordAddresses(page);
    const scripts = await holdTheAppsScripts(page);
    await page.goto('/contas', { waitUntil: 'commit' });
    await expect(page.getByLabel('Token de acesso')).toBeFocused();
    await page.keyboard.type('sandbox-operator');
    await page.keyboard.press('Enter');
    scripts.release();
    // The page asked for first, once signed in (the token mode's frame is sign-in at every path).
    await expect(page.getByRole('heading', { level: 1, name: 'Contas' })).toBeFocused();
    const everyAddress = [...addresses.requests, ...addresses.navigations];
    expect(everyAddress.filter((url) => url.includes('token=') || url.includes('sandbox-operator'))).toEqual(
      [],
    );
    expect(addresses.documents).toEqual([`${NGINX_URL}/contas`]);
  });
}
