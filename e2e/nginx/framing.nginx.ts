import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures';

/**
 * Clickjacking (docs/requirements.md D2): a page on another local origin frames the app served by nginx; the
 * app must not render inside it. A control frame (a page that allows framing) shows the check can fail.
 */

const NGINX_URL = process.env.E2E_NGINX_URL ?? 'http://127.0.0.1:4480';
let server: Server;
let otherOrigin = '';

test.beforeAll(async () => {
  // Another origin: "localhost" on a port of its own, while the app is on 127.0.0.1.
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (req.url === '/frameable') {
      res.end('<!doctype html><title>frameable</title><p id="frameable">framed fine</p>');
      return;
    }
    res.end(
      `<!doctype html><title>attacker</title>
       <iframe id="app" title="app" src="${NGINX_URL}/produtos" width="800" height="600"></iframe>
       <iframe id="control" title="control" src="/frameable" width="200" height="100"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a page on another origin cannot frame the app', async ({ page, runtime }) => {
  // Chromium logs the refusal itself; that message is what this test provokes.
  runtime.allowConsoleError(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/);
  let appDocumentLoaded = false;
  page.on('response', (response) => {
    if (response.url() === `${NGINX_URL}/produtos` && response.frame() !== page.mainFrame()) {
      appDocumentLoaded = true;
    }
  });
  await page.goto(`${otherOrigin}/`);

  // The control frame renders: framing as such works in this browser.
  await expect(page.frameLocator('#control').locator('#frameable')).toHaveText('framed fine');

  // The app's document did arrive (so the refusal is the headers' doing, not a network failure)...
  await expect.poll(() => appDocumentLoaded).toBe(true);
  // ...but nothing of it rendered: the frame holds Chromium's error page, not the app's document.
  await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
  await expect(page.frameLocator('#app').getByRole('button', { name: /Operador/ })).toHaveCount(0);
});
