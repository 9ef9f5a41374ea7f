import { readdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { expectSecurityHeaders, withSecondNginx } from './nginx-helpers';

/**
 * What nginx must not serve: dotfiles (build leftovers such as Vite's .vite/manifest.json, editor and
 * VCS files) anywhere, and the sandbox's mock Service Worker anywhere but a sandbox-in-the-browser
 * deployment. Each refusal is a 404 with the security headers, never the app's HTML.
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
    for (const path of ['/mockServiceWorker.js', ...DOTFILES]) {
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
