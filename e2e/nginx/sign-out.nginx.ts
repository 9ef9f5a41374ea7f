import { expect, test } from '../fixtures';
import { signInWithSandboxToken } from '../support/sandbox-sign-in';

/**
 * "Sair" on nginx while the other tabs' chunk (the one that asks them what they would lose) is gone:
 * between two replicas of a rolling update the old build's chunk is a 404 (the assets location never
 * answers another file). "Sair" still signs out, in every tab, says the other tabs could not be asked,
 * and the next "Sair" fetches the chunk again: a shared workstation is never left signed in for it.
 */

const CHUNK = /\/assets\/unsent-work-broadcast-[\w-]+\.js$/;

test('"Sair" signs out while the other tabs’ chunk is a 404, says so, and fetches it again at the next "Sair"', async ({
  page,
  runtime,
}) => {
  // What Chromium says of the module it could not fetch (the app handles the failure).
  runtime.allowConsoleError(/unsent-work-broadcast/);
  let gone = true;
  const fetched: number[] = [];
  await page.route(CHUNK, async (route) => {
    if (!gone) {
      const response = await route.fetch();
      fetched.push(response.status());
      await route.fulfill({ response });
      return;
    }
    fetched.push(404);
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  await signInWithSandboxToken(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The shell asked for the chunk as it loaded, and got the 404.
  await expect.poll(() => fetched).toContain(404);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/entrar$/);
  const unasked = page.getByRole('status').filter({
    hasText: 'Você saiu, também das outras abas, sem poder perguntar o que tinham por enviar.',
  });
  await expect(unasked).toBeVisible();
  // Closed, so that the next notice is not queued behind it (toasts show one at a time, 5 s each).
  await unasked.getByRole('button', { name: 'Fechar' }).click();
  await expect(unasked).toBeHidden();

  // The new build's chunk is served now: the next "Sair" imports it again (a failed import is not kept)
  // and signs out. Whether the browser fetches it again is its own: Chromium 156 does, the tests' pinned
  // 153 keeps the failed module for the document (the HTML standard's module map did so until 2024), and
  // then this "Sair" says again that the other tabs were not asked. Either way the tab signs out.
  gone = false;
  await page.getByRole('button', { name: /Operador/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/entrar$/);
  await expect(page.getByRole('status').filter({ hasText: /^Você saiu/ })).toBeVisible();
});
