import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe-check';
import { openFromNavigation } from './support/navigation';
import { patchConfig } from './support/patch-config';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { addressAt, fillAddress, openApplication } from './wizard-helpers';

/**
 * The wizard forgives how people type: phones with their area code, dates in the usual shapes, nothing
 * silently cut, the address from the CEP. Typed key by key (`pressSequentially`) or pasted from the
 * clipboard, as an operator does.
 */

const name = (path: string) => `[name="${path}"]`;

/** Signs in and opens a wizard step by in-app navigation (a reload would lose the in-memory token). */
async function openStep(page: Page, slug: string) {
  await signInWithSandboxToken(page);
  await openApplication(page);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/proposta/nova/${slug}`);
}

/** Puts `text` on the clipboard and pastes it into the field at `path` with the keyboard. */
async function paste(page: Page, path: string, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator(name(path)).focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('credit application: forgiving input', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('a phone written with its area code is split into DDD and number, typed or pasted into either field', async ({
    page,
  }) => {
    await openStep(page, 'telefones');
    const ddd = (row: number) => page.locator(name(`portador.telefones.${row}.numerododdd`));
    const number = (row: number) => page.locator(name(`portador.telefones.${row}.numerodotelefone`));

    await number(0).pressSequentially('(11) 98765-4321');
    await expect(ddd(0)).toHaveValue('11');
    await expect(number(0)).toHaveValue('98765-4321');

    await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await ddd(1).pressSequentially('11987654321');
    await expect(ddd(1)).toHaveValue('11');
    await expect(number(1)).toHaveValue('98765-4321');
    await expect(number(1)).toBeFocused();

    await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await paste(page, 'portador.telefones.2.numerodotelefone', '+55 21 3333-4444');
    await expect(ddd(2)).toHaveValue('21');
    await expect(number(2)).toHaveValue('3333-4444');

    await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await paste(page, 'portador.telefones.3.numerododdd', '(31) 99876-5432');
    await expect(ddd(3)).toHaveValue('31');
    await expect(number(3)).toHaveValue('99876-5432');

    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Etapa 6 de 8', { exact: true })).toBeVisible();
  });

  test('dates typed 1/4/1988 or 01041988, or pasted as 1988-04-01, become 01/04/1988; checked as the field is left', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    const birth = page.locator(name('portador.datadenascimento'));
    await birth.pressSequentially('1/4/1988');
    await expect(birth).toHaveValue('01/04/1988');
    await birth.fill('');
    await birth.pressSequentially('01041988');
    await expect(birth).toHaveValue('01/04/1988');
    await birth.fill('');
    await paste(page, 'portador.datadenascimento', '1988-04-01');
    await expect(birth).toHaveValue('01/04/1988');

    // A wrong date is flagged when the field is left, not only on "Continuar"; nothing typed is cut.
    await birth.fill('');
    await birth.pressSequentially('31/02/2000');
    await page.keyboard.press('Tab');
    await expect(page.locator('#campo-portador\\.datadenascimento-help')).toHaveText(
      'Data inválida: use DD/MM/AAAA com uma data que exista.',
    );
    await expect(birth).toHaveValue('31/02/2000');
  });

  test('nothing is cut silently: branch check digit, long printed name; ’ is an apostrophe', async ({
    page,
  }) => {
    await openStep(page, 'dados-pessoais');
    await page.locator(name('portador.nome')).pressSequentially('Joana D’Ávila');
    await page.keyboard.press('Tab');
    await expect(page.locator(name('portador.nomeimpresso'))).toHaveValue("JOANA D'AVILA");
    // Her middle names added: the suggestion follows, abbreviated; typed in full, the name is too long
    // (each of its words is the full name's: the length is the one thing wrong).
    await page.locator(name('portador.nome')).fill('Joana Maria de Lourdes D’Ávila');
    await page.keyboard.press('Tab');
    const printed = page.locator(name('portador.nomeimpresso'));
    await expect(printed).toHaveValue("JOANA M L D'AVILA");
    await printed.fill('');
    await printed.pressSequentially('JOANA MARIA DE LOURDES DAVILA');
    await expect(printed).toHaveValue('JOANA MARIA DE LOURDES DAVILA');
    await expect(page.locator('#campo-portador\\.nomeimpresso-help')).toContainText('29 de 26');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator('#campo-portador\\.nomeimpresso-help')).toHaveText(
      'Longo demais para o cartão: no máximo 26 caracteres. Abrevie os nomes do meio.',
    );

    await page.evaluate(() => {
      window.history.pushState(null, '', '/proposta/nova/renda-e-conta');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const branch = page.locator(name('portador.numerodaagencia'));
    await branch.pressSequentially('0001-9');
    await expect(branch).toHaveValue('0001-9');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator('#campo-portador\\.numerodaagencia-help')).toHaveText(
      'Informe a agência sem o dígito verificador (ex.: 0001-9 → 0001): o provedor recebe só o número.',
    );
    await expect(page.locator('#campo-portador\\.nomeempresa-help')).toHaveText('Preencha este campo.');
    await expectNoAxeViolations(page, 'step 4 with refusals');
  });

  test('the CEP fills the address, every field stays editable, and a CEP service that is down blocks nothing', async ({
    page,
    sandbox,
  }) => {
    // This test's config names the sandbox's CEP service (the shared e2e config has none).
    await patchConfig(page, { cepLookupUrl: `${sandbox.base}/__sandbox/cep/{cep}/json/` });
    await openStep(page, 'enderecos');
    const at = (field: string, row = 0) => page.locator(name(`portador.enderecos.${row}.${field}`));
    await at('cep').pressSequentially('01310100');
    await expect(at('logradouro')).toHaveValue('Avenida Paulista');
    await expect(at('bairro')).toHaveValue('Bela Vista');
    await expect(at('cidade')).toHaveValue('São Paulo');
    await expect(at('uf')).toHaveValue('SP');
    await expect(page.getByText('Endereço preenchido pelo CEP: confira e corrija se preciso.')).toBeVisible();
    await at('logradouro').fill('Avenida Paulista, bloco B');
    await at('numero').pressSequentially('S/N');
    await expectNoAxeViolations(page, 'address from the CEP');

    await page.route('**/__sandbox/cep/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    // The CEP typed key by key while its look-up fails; the rest typed in as usual (a number with a letter).
    const address = addressAt(1);
    await at('cep', 1).pressSequentially(address.cep);
    await fillAddress(page, 1, { ...address, numero: '1000A' }, ['cep']);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Etapa 7 de 8', { exact: true })).toBeVisible();
    await expect(at('logradouro', 1)).toHaveCount(0);
  });
});

test.describe('credit application: narrow screens', () => {
  for (const width of [1280, 390, 320]) {
    test(`no sideways scroll at ${width} px; one column on phones; the leave dialog`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await signInWithSandboxToken(page);
      const steps = ['produto', 'dados-pessoais', 'documento', 'renda-e-conta', 'telefones', 'enderecos'];
      for (const [index, slug] of steps.entries()) {
        // A pop navigation can lose to one the app still has under way (sign-in's redirect to the
        // products, on a loaded machine): push the step again until the wizard shows it.
        await expect(async () => {
          await page.evaluate((path) => {
            window.history.pushState(null, '', path);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, `/proposta/nova/${slug}`);
          await expect(page.getByText(`Etapa ${index + 1} de 8`, { exact: true })).toBeVisible({
            timeout: 5000,
          });
        }).toPass({ timeout: 30_000 });
        await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `step ${slug}`).toBeLessThanOrEqual(0);
        await shot(page, `wizard-${slug}-${width}`);
      }
      // On phones two inputs of one address stack (one column): the street is below the CEP.
      const cep = await page.locator(name('portador.enderecos.0.cep')).boundingBox();
      const street = await page.locator(name('portador.enderecos.0.logradouro')).boundingBox();
      expect(street !== null && cep !== null && street.y > cep.y).toBe(width < 900);

      await page.locator(name('portador.enderecos.0.logradouro')).fill('Rua A');
      // Leaving for another screen asks first: through the drawer, behind the menu button below md.
      await openFromNavigation(page, 'Produtos');
      const dialog = page.getByRole('dialog', { name: 'Sair da proposta?' });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      // Full screen on phones, and only there.
      expect(box !== null && box.width >= width - 1, 'full-screen dialog').toBe(width < 600);
      await shot(page, `wizard-leave-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Continuar na proposta' }).click();
    });
  }
});
