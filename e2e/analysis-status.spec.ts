import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { patchConfig } from './support/patch-config';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { expectNoSidewaysScroll } from './support/layout-checks';

const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/**
 * Registers a CPF, raw and masked, with the runtime guard's sweep. The one place it may appear is the
 * lookup's own request path, where the interface puts it (GET {base_url}/v1/cards/request/{document}/).
 */
function watchCpf(
  privacy: { watch: (value: string) => void; allowStatusLookups: () => void },
  ...cpfs: string[]
) {
  privacy.allowStatusLookups();
  for (const cpf of cpfs) {
    privacy.watch(cpf);
    privacy.watch(formatted(cpf));
  }
}

/** After a step: the CPF is nowhere in the address, history state, title or Web Storage. */
async function expectCpfOnlyInMemory(page: Page, ...cpfs: string[]) {
  const places = await page.evaluate(() => ({
    url: window.location.href,
    history: JSON.stringify(window.history.state),
    title: document.title,
    storage: [window.localStorage, window.sessionStorage]
      .map((storage) => Object.entries(storage).join(';'))
      .join('|'),
    cookies: document.cookie,
  }));
  for (const cpf of cpfs) {
    for (const [place, text] of Object.entries(places)) {
      expect(text, `CPF in ${place}`).not.toContain(cpf);
      expect(text, `masked CPF in ${place}`).not.toContain(formatted(cpf));
    }
  }
}

/** Types the CPF key by key into the field, as an analyst does, and presses Enter. */
async function typeByHand(page: Page, cpf: string) {
  const field = page.getByRole('textbox', { name: 'CPF' });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(cpf);
  await expect(field).toHaveValue(formatted(cpf));
  await field.press('Enter');
}

/** No sideways scroll of the page, and no chip whose words are cut. */
async function expectNothingCut(page: Page) {
  await expectNoSidewaysScroll(page);
  const cut = await page
    .locator('.MuiChip-label')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
  expect(cut).toEqual([]);
}

const PAGINATED = '27548360983';

async function openScreen(page: Page) {
  await signInWithSandboxToken(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Análises por CPF' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeVisible();
}

/** Keystrokes at machine speed: the mask must lose none (src/hooks/use-digit-mask.ts). */
const TYPING = { delay: 0 };

/** Puts the CPF in the field in one input event (as a paste does) and presses Enter. */
async function typeAndLookUp(page: Page, cpf: string) {
  const field = page.getByRole('textbox', { name: 'CPF' });
  await field.fill('');
  await expect(field).toHaveValue('');
  await field.fill(cpf);
  await expect(field).toHaveValue(formatted(cpf).replace(/^(\d{3})(\d{3})(\d+)$/, '$1.$2.$3'));
  await field.press('Enter');
}

const lookupRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/cards/request/')) urls.push(request.url());
  });
  return urls;
};

test.describe('analysis status by CPF', () => {
  test('looks a CPF up by keyboard alone, copies a code, keeps the CPF out of the address', async ({
    page,
    context,
    privacy,
  }) => {
    watchCpf(privacy, '52998224725');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openScreen(page);
    await expectNoAxeViolations(page, 'analysis status, empty');
    await shot(page, 'empty-light');

    // From the heading, Tab passes the screen's two tabs ("Um CPF", "Em lote") and reaches the CPF field.
    await page.getByRole('heading', { level: 1 }).focus();
    const field = page.getByRole('textbox', { name: 'CPF' });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Um CPF' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Em lote' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.type('52998224725', TYPING);
    await expect(field).toHaveValue('529.982.247-25');
    await page.keyboard.press('Enter');

    const table = page.getByRole('table', { name: 'Propostas do CPF consultado' });
    await expect(table.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();
    await expect(table.getByText('Aprovada')).toBeVisible();
    await expect(page.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}/)).toBeVisible();
    await expectCpfOnlyInMemory(page, '52998224725');
    await expect(page).toHaveURL(/\/analises$/);
    await expectNoAxeViolations(page, 'analysis status, found');
    await shot(page, 'found-light');

    // The copy button, by keyboard.
    const copy = table.getByRole('button', { name: 'Copiar o código PRP-2026-000123' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(table.getByText('Copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PRP-2026-000123');
    await expectNoAxeViolations(page, 'analysis status, copied');
  });

  test('an invalid CPF sends no request and says why next to the field', async ({
    page,
    sandbox,
    privacy,
  }) => {
    watchCpf(privacy, '52998224724');
    const requests = lookupRequests(page);
    await openScreen(page);
    await typeAndLookUp(page, '52998224724');
    const field = page.getByRole('textbox', { name: 'CPF' });
    await expect(field).toHaveAccessibleDescription('CPF inválido: os dígitos verificadores não conferem.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveTitle('Erro: Análises por CPF · Cartões Back-office');
    await expectNoAxeViolations(page, 'analysis status, invalid CPF');
    await typeAndLookUp(page, '5299822');
    await expect(field).toHaveAccessibleDescription('CPF incompleto: faltam 4 dígitos.');
    await page.getByRole('button', { name: 'Consultar', exact: true }).click();
    expect(requests).toEqual([]);
    const stats = (await sandbox.stats()) as { requestsPerEndpoint: Record<string, number> };
    expect(stats.requestsPerEndpoint.analysisStatus).toBe(0);
    await expectCpfOnlyInMemory(page, '52998224724');
  });

  test('empty, unknown status, alertas of both shapes, paging and sucesso:false, each accessible', async ({
    page,
    privacy,
  }) => {
    // Five lookups, each checked by axe: room for that beside the gesture specs on a 2-core machine (a
    // bound on a failure, not a wait; 30 s ran out there).
    test.setTimeout(60_000);
    const cpfs = ['06247311974', '98765432100', '12345678909', '27548360983', '45317828791'];
    watchCpf(privacy, ...cpfs);
    await openScreen(page);

    await typeAndLookUp(page, '06247311974');
    await expect(page.getByText('Nenhuma proposta para este CPF.')).toBeVisible();
    await expectCpfOnlyInMemory(page, ...cpfs);
    await expectNoAxeViolations(page, 'analysis status, no application');

    await typeAndLookUp(page, '98765432100');
    await expect(page.getByText('Aguardando biometria')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Alertas informados pelo provedor' })).toContainText(
      'Biometria facial pendente no aplicativo',
    );
    await expectCpfOnlyInMemory(page, ...cpfs);
    await expectNoAxeViolations(page, 'analysis status, unknown status');
    await shot(page, 'unknown-status-light');

    await typeAndLookUp(page, '12345678909');
    await expect(page.getByRole('group', { name: 'Alertas informados pelo provedor' })).toContainText(
      'Comprovante de renda ilegível (A01)',
    );
    await expectCpfOnlyInMemory(page, ...cpfs);
    await expectNoAxeViolations(page, 'analysis status, object alertas');
    await shot(page, 'alertas-light');

    await typeAndLookUp(page, '27548360983');
    await expect(page.getByText('10 de 25 propostas', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'analysis status, more pages');

    await typeAndLookUp(page, '45317828791');
    await expect(page.getByText(/informou que a consulta não teve sucesso\./)).toBeVisible();
    await expectNoAxeViolations(page, 'analysis status, sucesso false');

    // Recent lookups: masked, newest first; one click repeats.
    const recent = page.getByRole('complementary', { name: 'Consultas recentes desta aba' });
    await expect(recent.getByRole('button')).toHaveText([
      '***.***.*87-91',
      '***.***.*09-83',
      '***.***.*89-09',
      '***.***.*21-00',
      '***.***.*19-74',
    ]);
    await recent.getByRole('button', { name: 'Consultar de novo o CPF ***.***.*21-00' }).click();
    await expect(page.getByText('Aguardando biometria')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'CPF' })).toHaveValue('987.654.321-00');
    await expectCpfOnlyInMemory(page, ...cpfs);
    await expectNoAxeViolations(page, 'analysis status, recent lookups');
  });

  test('dark theme stays accessible; sign-out forgets the recent lookups', async ({ page, privacy }) => {
    watchCpf(privacy, '98765432100', '12345678909');
    await openScreen(page);
    await typeAndLookUp(page, '98765432100');
    await expect(page.getByText('Aguardando biometria')).toBeVisible();
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    await expect(page.getByRole('button', { name: 'Usar tema claro' })).toBeVisible();
    await expectNoAxeViolations(page, 'analysis status, dark');
    await shot(page, 'unknown-status-dark');
    await typeAndLookUp(page, '12345678909');
    await expect(page.getByText('Pendente de documentação')).toBeVisible();
    await expectNoAxeViolations(page, 'analysis status, alertas, dark');
    await shot(page, 'alertas-dark');

    // Sign-out forgets the recent lookups.
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: /Operador/ }).click();
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Análises por CPF' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Análises por CPF' })).toBeVisible();
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await expect(page.getByText('***.***.*21-00')).toHaveCount(0);
  });

  test('a 400 shows its message at the field; a persistent 500 offers a retry that recovers', async ({
    page,
    sandbox,
    privacy,
  }) => {
    watchCpf(privacy, '52998224725');
    await openScreen(page);
    await sandbox.fault({ endpoint: 'analysisStatus', kind: '400' });
    await typeAndLookUp(page, '52998224725');
    const field = page.getByRole('textbox', { name: 'CPF' });
    await expect(field).toHaveAccessibleDescription('CPF inválido');
    await expectNoAxeViolations(page, 'analysis status, 400');

    await sandbox.fault({ endpoint: 'analysisStatus', kind: '500', times: 3 });
    await page.getByRole('button', { name: 'Consultar', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Não foi possível consultar as análises');
    await expect(alert).toContainText('Tente novamente mais tarde');
    await expect(page).toHaveTitle('Erro: Análises por CPF · Cartões Back-office');
    await expectCpfOnlyInMemory(page, '52998224725');
    await expectNoAxeViolations(page, 'analysis status, 500');
    await shot(page, 'error-light');
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('rowheader', { name: /PRP-2026-000123/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a slow answer for the previous CPF never replaces the one on screen', async ({
    page,
    sandbox,
    privacy,
  }) => {
    watchCpf(privacy, '52998224725', '11144477735');
    await openScreen(page);
    // The first answer is held for as long as the test runs; only the second lookup is answered.
    await sandbox.fault({ endpoint: 'analysisStatus', kind: 'delay', delayMs: 600_000 });
    const slowSettled = page.waitForEvent('requestfailed', {
      predicate: (request) => request.url().includes('/v1/cards/request/'),
    });
    await typeAndLookUp(page, '52998224725');
    await expect(page.getByText('Consultando…').first()).toBeVisible();
    await typeAndLookUp(page, '11144477735');
    await expect(page.getByRole('rowheader', { name: /PRP-2026-000131/ })).toBeVisible();
    // The first request is dropped by the browser once nothing shows its CPF any more.
    await slowSettled;
    await expect(page.getByRole('heading', { name: 'Propostas do CPF 111.444.777-35' })).toBeVisible();
    await expect(page.getByText('PRP-2026-000123')).toHaveCount(0);
    await expectCpfOnlyInMemory(page, '52998224725', '11144477735');
  });

  test('without paging configured, 25 analyses read "10 de 25" and the note says why in plain words', async ({
    page,
    privacy,
  }) => {
    watchCpf(privacy, PAGINATED);
    const requests = lookupRequests(page);
    await openScreen(page);
    await typeByHand(page, PAGINATED);
    const table = page.getByRole('table', { name: 'Propostas do CPF consultado' });
    await expect(table.getByRole('rowheader')).toHaveCount(10);
    await expect(page.getByText('10 de 25 propostas', { exact: true })).toBeVisible();
    const note = page.getByRole('note').filter({ hasText: 'Aparecem 10 de 25 propostas' });
    await expect(note).toContainText('esta instalação só está preparada para pedir a primeira');
    // The developer's figures are gone from the screen; support finds them under the details.
    await expect(page.getByText('Total de registros')).toHaveCount(0);
    await note.getByText('Detalhes técnicos (para o suporte)').click();
    await expect(note).toContainText('totalDePaginas 3, totalDeRegistros 25');
    expect(requests.map((url) => new URL(url).search)).toEqual(['']);
    await expectNoAxeViolations(page, 'analysis status, paging not configured');
    await shot(page, 'paging-unset-1280-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNothingCut(page);
    await expectNoAxeViolations(page, 'analysis status, paging not configured, 390');
    await shot(page, 'paging-unset-390-light');
  });

  test('at 390 px a long status label wraps, never cut, and the page does not scroll sideways', async ({
    page,
    privacy,
  }) => {
    watchCpf(privacy, '12345678909');
    await openScreen(page);
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await typeByHand(page, '12345678909');
    await expect(page.getByText('Pendente de documentação')).toBeVisible();
    await expectNothingCut(page);
    await shot(page, 'long-status-390-dark');
    await expectNoAxeViolations(page, 'analysis status, 390, dark');
  });

  test('in English, a 404 reads as "no application", not as an error', async ({ page, sandbox, privacy }) => {
    watchCpf(privacy, '52998224725');
    await openScreen(page);
    await page.getByRole('button', { name: 'English' }).click();
    await sandbox.fault({ endpoint: 'analysisStatus', kind: '404' });
    await typeAndLookUp(page, '52998224725');
    await expect(page.getByText('No application for this CPF.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page, 'analysis status, 404, English');
  });
});

test.describe('analysis status against a provider that pages', () => {
  test.use({ sandboxProfile: 'paged' });

  test('with paging configured, every page is read: "25 de 25", the CPF only in the path, page numbers only in the query', async ({
    page,
    privacy,
  }) => {
    watchCpf(privacy, PAGINATED);
    const requests = lookupRequests(page);
    await openScreen(page);
    await typeByHand(page, PAGINATED);
    const table = page.getByRole('table', { name: 'Propostas do CPF consultado' });
    await expect(table.getByRole('rowheader')).toHaveCount(25);
    await expect(page.getByText('25 de 25 propostas', { exact: true })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    // The profile's config: pages from 0, 20 at a time.
    expect(requests.map((url) => new URL(url).search)).toEqual([
      '?pagina=0&tamanho=20',
      '?pagina=1&tamanho=20',
    ]);
    for (const url of requests)
      expect(new URL(url).pathname).toMatch(new RegExp(`/v1/cards/request/${PAGINATED}/$`));
    await expectCpfOnlyInMemory(page, PAGINATED);
    await expectNoAxeViolations(page, 'analysis status, every page');
    await shot(page, 'paging-set-1280-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNothingCut(page);
    await shot(page, 'paging-set-390-light');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    await expectNoAxeViolations(page, 'analysis status, every page, dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'analysis status, every page, 390, dark');
    await shot(page, 'paging-set-390-dark');
  });

  test('a cap on pages per lookup: "20 de 25" and the limit said in plain words', async ({
    page,
    privacy,
  }) => {
    watchCpf(privacy, PAGINATED);
    await patchConfig(page, {
      analysisStatusPaging: {
        pageParameter: 'pagina',
        firstPage: 0,
        pageSizeParameter: 'tamanho',
        pageSize: 10,
        maxPages: 2,
      },
    });
    const requests = lookupRequests(page);
    await openScreen(page);
    await typeByHand(page, PAGINATED);
    await expect(
      page.getByRole('table', { name: 'Propostas do CPF consultado' }).getByRole('rowheader'),
    ).toHaveCount(20);
    await expect(page.getByText('20 de 25 propostas', { exact: true })).toBeVisible();
    await expect(page.getByRole('note')).toContainText(
      'cada consulta lê no máximo 2 páginas, o limite definido para esta instalação',
    );
    expect(requests).toHaveLength(2);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('20 of 25 applications', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'analysis status, page cap, English');
  });
});
