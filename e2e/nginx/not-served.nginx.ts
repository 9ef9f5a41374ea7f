import { readdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { expectSecurityHeaders, NGINX_URL, withSecondNginx } from './nginx-helpers';

/**
 * What nginx must not serve: dotfiles (build leftovers such as Vite's .vite/manifest.json, editor and
 * VCS files) anywhere, the build's prerendered frames as files (every sign-in mode's, the configuration's
 * include unfilled) and that include's own address, and the sandbox's mock Service Worker anywhere but a
 * sandbox-in-the-browser deployment. Each refusal is a 404 with the security headers, never the app's HTML.
 */

const DOTFILES = [
  '/.vite/manifest.json',
  '/.vite/',
  '/.env',
  '/.git/config',
  '/.htpasswd',
  '/.DS_Store',
  '/.well-known/security.txt',
  '/assets/.hidden.js',
  '/%2evite/manifest.json',
];

test('the build holds no dotfile: Vite writes its manifest outside dist/', () => {
  const dotfiles = readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.split(/[\\/]/).some((part) => part.startsWith('.')),
  );
  expect(dotfiles).toEqual([]);
});

test('dotfiles: 404 with the security headers, not the app', async ({ request }) => {
  for (const path of DOTFILES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expectSecurityHeaders(response.headers(), path);
    expect(await response.text(), path).not.toContain('<div id="root"');
  }
});

/** The build's prerendered frames as files (`first-frames/<mode>/<frame>.html`). */
function builtFrames(): string[] {
  return readdirSync('dist/first-frames', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/first-frames/${file.split(/[\\/]/).join('/')}`)
    .sort();
}

test('the build’s frames as they are (every mode’s, the sandbox’s among them): 404, not a page', async ({
  request,
}) => {
  const frames = builtFrames();
  // The control: the build has them, the sandbox's sign-in with its token buttons among them.
  expect(frames).toContain('/first-frames/token-sandbox/entrar.html');
  // Sign-in for each of the four modes, and the entering frame for the two of OpenID Connect.
  expect(frames).toHaveLength(4 + 2);
  for (const path of [
    ...frames,
    '/first-frames/',
    '//first-frames/token-sandbox/entrar.html',
    '/first-frames//token-sandbox/entrar.html',
    '/%66irst-frames/token-sandbox/entrar.html',
    '/assets/../first-frames/token-sandbox/entrar.html',
    // The configuration's data block, which only the frames' include may ask for.
    '/__runtime-config',
  ]) {
    // Whole URLs: `//first-frames/…` alone would name a host.
    const response = await request.get(`${NGINX_URL}${path}`);
    expect(response.status(), path).toBe(404);
    expectSecurityHeaders(response.headers(), path);
    expect(await response.text(), path).not.toContain('<div id="root">');
  }
});

test('sandbox mode without the worker (this suite): no /mockServiceWorker.js', async ({ request }) => {
  const response = await request.get('/mockServiceWorker.js');
  expect(response.status()).toBe(404);
  expectSecurityHeaders(response.headers(), '/mockServiceWorker.js');
});

test('a provider deployment: no /mockServiceWorker.js, no dotfiles', async ({ request }) => {
  const provider = {
    mode: 'provider',
    baseUrl: 'https://cards.provider.example/api',
    accountsBaseUrl: 'https://accounts.provider.example',
    environmentName: 'Produção',
  };
  const connectSrc = "'self' https://cards.provider.example https://accounts.provider.example";
  await withSecondNginx(request, { config: provider }, async (url) => {
    expect(await (await request.get(`${url}/config.json`)).json()).toMatchObject({ mode: 'provider' });
    for (const path of ['/mockServiceWorker.js', ...DOTFILES, ...builtFrames()]) {
      const response = await request.get(`${url}${path}`);
      expect(response.status(), path).toBe(404);
      expectSecurityHeaders(response.headers(), path, connectSrc);
    }
    // The control: the same nginx serves the app.
    expect((await request.get(`${url}/`)).status()).toBe(200);
  });
});

test('sandbox mode with the worker: /mockServiceWorker.js is served (and still no dotfile)', async ({
  request,
}) => {
  const sandbox = {
    mode: 'sandbox',
    baseUrl: '/api',
    accountsBaseUrl: '/accounts',
    environmentName: 'Produção',
  };
  await withSecondNginx(request, { config: sandbox }, async (url) => {
    const worker = await request.get(`${url}/mockServiceWorker.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/^application\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expectSecurityHeaders(worker.headers(), '/mockServiceWorker.js', "'self'");
    expect(await worker.text()).toContain('Mock Service Worker');
    const manifest = await request.get(`${url}/.vite/manifest.json`);
    expect(manifest.status()).toBe(404);
  });
});
