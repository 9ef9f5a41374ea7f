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
  await expect(
    page.getByText('Você saiu, também das outras abas, sem poder perguntar o que tinham por enviar.'),
  ).toBeVisible();

  // The new build's chunk is served now: the next "Sair" fetches it (a failed fetch was not kept) and
  // asks the other tabs (none here), then signs out as usual.
  gone = false;
  await page.getByRole('button', { name: /Operador/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/entrar$/);
  await expect(page.getByText('Você saiu. Os dados desta aba foram apagados.')).toBeVisible();
  expect(fetched).toContain(200);
});
