import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-check';
import { centreOf } from './support/centre';
import { patchConfig } from './support/patch-config';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import {
  applicant,
  continueToNextStep,
  fillCreditApplication,
  fillDocumentStep,
  fillIncomeStep,
  fillPersonalStep,
  fillPhone,
  fillProductStep,
  maskedCpf,
  openApplication,
  typeOtherFields,
  type ApplicantOverrides,
} from './wizard-helpers';
import { requestBodyOf } from '@/test/sample-application';

const { cpf, nome, nomedamae, email } = applicant.portador;

const name = (path: string) => `[name="${path}"]`;

/** Focuses the input at `path` and types `text` with the keyboard at machine speed (no key may be lost). */
async function typeInto(page: Page, path: string, text: string) {
  const input = page.locator(name(path));
  await input.focus();
  await page.keyboard.type(text);
}

/** Picks an option of the native select at `path` by typing its first letters, as an operator would. */
async function chooseByKeyboard(page: Page, path: string, typed: string, expected: string) {
  const select = page.locator(name(path));
  await select.focus();
  await page.keyboard.type(typed);
  await expect(select).toHaveValue(expected);
}

async function expectStep(page: Page, number: number, title: string) {
  await expect(page.getByText(`Etapa ${number} de 8`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(title);
}

/** Signs in on the sign-in screen (not with a prepared token). */
async function signIn(page: Page) {
  await page.goto('/entrar');
  await page.getByRole('button', { name: /Operador/ }).click();
}

/** Signs in, opens the wizard and completes step 1 (the applicant's product and due day). */
async function startApplication(page: Page) {
  await signIn(page);
  await openApplication(page);
  await fillProductStep(page);
  await continueToNextStep(page);
}

/** Steps 2 to 4 (personal data, identity, income), quickly (fill, not keystrokes); lands on the phones. */
async function fillPersonalIdentityIncome(page: Page) {
  await fillPersonalStep(page);
  await continueToNextStep(page);
  await fillDocumentStep(page);
  await continueToNextStep(page);
  await fillIncomeStep(page);
  await continueToNextStep(page);
  await expectStep(page, 5, 'Telefones');
}

/** Fills every step quickly (fill, not keystrokes) and lands on the review. */
async function fillQuickly(page: Page, overrides: ApplicantOverrides = {}) {
  await signIn(page);
  await fillCreditApplication(page, overrides);
  await expectStep(page, 8, 'Revisão');
}

test.describe('credit application', () => {
  test('a full application typed by keyboard, 2 phones and 2 addresses, checked on the sandbox side', async ({
    page,
    sandbox,
    privacy,
  }) => {
    test.setTimeout(90_000); // a whole application typed key by key
    for (const value of [cpf, maskedCpf(cpf), nome, nomedamae, email]) privacy.watch(value);
    // The status lookup after the submit carries the CPF in its path, as the interface defines it.
    privacy.allowStatusLookups();
    await signInWithSandboxToken(page);
    await page
      .getByRole('link', { name: 'Iniciar proposta com o produto Cartão Gold Internacional' })
      .click();
    await expect(page).toHaveURL(/\/proposta\/nova\/produto$/);
    await expectStep(page, 1, 'Produto e vencimento');
    await expect(page.locator(name('codigodoproduto'))).toHaveValue('102');
    await expectNoAxeViolations(page, 'step 1');
    await chooseByKeyboard(page, 'cartaodecredito.diadovencimento', '10', '10');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // the focused "Continuar"

    await expectStep(page, 2, 'Dados pessoais');
    await typeInto(page, 'portador.cpf', cpf);
    await expect(page.locator(name('portador.cpf'))).toHaveValue(maskedCpf(cpf));
    await page.keyboard.press('Tab');
    await page.keyboard.type(nome);
    await page.keyboard.press('Tab'); // leaving the name suggests the printed name
    await expect(page.locator(name('portador.nomeimpresso'))).toHaveValue('MARIA C S A LIMA');
    await typeInto(page, 'portador.nomedamae', nomedamae);
    await typeInto(page, 'portador.datadenascimento', '12041988');
    await expect(page.locator(name('portador.datadenascimento'))).toHaveValue('12/04/1988');
    await chooseByKeyboard(page, 'portador.sexo', 'F', 'FEMININO');
    await chooseByKeyboard(page, 'portador.estadocivil', 'Cas', 'CASADO');
    await expect(page.locator(name('portador.siglanacionalidade'))).toHaveValue('BRA');
    await typeInto(page, 'portador.email', email);
    await typeOtherFields(page, 'personal', [
      'portador.cpf',
      'portador.nome',
      'portador.nomedamae',
      'portador.datadenascimento',
      'portador.sexo',
      'portador.estadocivil',
      'portador.email',
    ]);
    await expectNoAxeViolations(page, 'step 2');
    await page.keyboard.press('Enter');

    await expectStep(page, 3, 'Documento de identidade');
    await typeInto(page, 'portador.numerodaidentidade', '12.345.678-9');
    await typeInto(page, 'portador.orgaoexpedidordaidentidade', 'SSP');
    await chooseByKeyboard(page, 'portador.unidadefederativadaidentidade', 'SP', 'SP');
    await typeInto(page, 'portador.datadeemissaodaidentidade', '30062010');
    await typeOtherFields(page, 'document', [
      'portador.numerodaidentidade',
      'portador.orgaoexpedidordaidentidade',
      'portador.unidadefederativadaidentidade',
      'portador.datadeemissaodaidentidade',
    ]);
    await expectNoAxeViolations(page, 'step 3');
    await page.keyboard.press('Enter');

    await expectStep(page, 4, 'Profissão, renda e conta');
    await chooseByKeyboard(page, 'portador.codigodaprofissao', 'Ass', '1');
    await typeInto(page, 'portador.nomeempresa', 'Padaria Horizonte LTDA');
    await typeInto(page, 'portador.valorrenda', '6.543,21');
    await typeInto(page, 'portador.numerodaagencia', '1234');
    await typeInto(page, 'portador.numerodacontacorrente', '98765-4');
    await typeOtherFields(page, 'income', [
      'portador.codigodaprofissao',
      'portador.nomeempresa',
      'portador.valorrenda',
      'portador.numerodaagencia',
      'portador.numerodacontacorrente',
    ]);
    await expectNoAxeViolations(page, 'step 4');
    await page.keyboard.press('Enter');

    await expectStep(page, 5, 'Telefones');
    await typeInto(page, 'portador.telefones.0.numerododdd', '11');
    await typeInto(page, 'portador.telefones.0.numerodotelefone', '987654321');
    await expect(page.locator(name('portador.telefones.0.numerodotelefone'))).toHaveValue('98765-4321');
    await page.getByRole('button', { name: 'Adicionar telefone' }).press('Enter');
    // The new row's first field has focus.
    await expect(page.locator(name('portador.telefones.1.tipotelefone'))).toBeFocused();
    await chooseByKeyboard(page, 'portador.telefones.1.tipotelefone', 'Res', 'RESIDENCIAL');
    await typeInto(page, 'portador.telefones.1.numerododdd', '21');
    await typeInto(page, 'portador.telefones.1.numerodotelefone', '33334444');
    await expect(page.locator(name('portador.telefones.1.numerodotelefone'))).toHaveValue('3333-4444');
    await expectNoAxeViolations(page, 'step 5, two phones');
    await page.keyboard.press('Enter');

    await expectStep(page, 6, 'Endereços');
    const address = async (index: number, values: Record<string, string>) => {
      for (const [field, value] of Object.entries(values))
        await typeInto(page, `portador.enderecos.${index}.${field}`, value);
    };
    await address(0, {
      cep: '04101000',
      logradouro: 'Rua Domingos de Morais',
      numero: '1200',
      complemento: 'Apto 42',
      bairro: 'Vila Mariana',
      cidade: 'São Paulo',
    });
    await chooseByKeyboard(page, 'portador.enderecos.0.uf', 'SP', 'SP');
    await page.getByRole('button', { name: 'Adicionar endereço' }).press('Enter');
    await address(1, {
      cep: '20040002',
      logradouro: 'Avenida Rio Branco',
      numero: '156',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
    });
    await chooseByKeyboard(page, 'portador.enderecos.1.uf', 'RJ', 'RJ');
    await chooseByKeyboard(page, 'portador.enderecos.1.tipoendereco', 'Com', 'COMERCIAL');
    await typeInto(page, 'portador.enderecos.1.pontoreferencia', 'Perto do metrô');
    // The second address becomes the mailing one: one choice across the list.
    await page.locator(name('portador.enderecos.1.enderecocorrespondencia')).focus();
    await page.keyboard.press('Space');
    await expect(page.locator(name('portador.enderecos.1.enderecocorrespondencia'))).toBeChecked();
    await expect(page.locator(name('portador.enderecos.0.enderecocorrespondencia'))).not.toBeChecked();
    await expectNoAxeViolations(page, 'step 6, two addresses');
    await page.locator(name('portador.enderecos.1.pontoreferencia')).focus();
    await page.keyboard.press('Enter');

    await expectStep(page, 7, 'Cartões adicionais');
    await page.getByRole('button', { name: 'Adicionar cartão adicional' }).press('Enter');
    await expectNoAxeViolations(page, 'step 7');
    await page.getByRole('button', { name: 'Continuar' }).press('Enter');

    await expectStep(page, 8, 'Revisão');
    await expect(page.getByText('Nenhuma análise anterior para este CPF.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Telefones' })).toContainText('(21) 3333-4444');
    await expectNoAxeViolations(page, 'review');
    await page.getByRole('button', { name: 'Enviar proposta' }).press('Enter');

    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    // The tracking code as text with a copy button; the raw answer behind "details".
    await expect(page.getByText('PRP-2026-001000', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar o código PRP-2026-001000' })).toBeVisible();
    await expectNoAxeViolations(page, 'sent');
    await page.getByText('Detalhes técnicos: a resposta do provedor').click();
    await expect(page.getByText('"CodigoParaAcompanhamento": "PRP-2026-001000"')).toBeVisible();

    const recorded = await sandbox.lastRequest('creditRequest');
    expect(recorded).toMatchObject({ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(recorded).toEqual({
      idempotencyKey: expect.any(String),
      body: {
        codigodoproduto: 102,
        cartaodecredito: { diadovencimento: 10 },
        portador: {
          // Any field this test does not type itself is sent as the applicant's (typeOtherFields).
          ...requestBodyOf(applicant).portador,
          nome,
          nomeimpresso: 'MARIA C S A LIMA',
          nomedamae,
          datadenascimento: '1988-04-12',
          sexo: 'FEMININO',
          cpf,
          numerodaidentidade: '12.345.678-9',
          orgaoexpedidordaidentidade: 'SSP',
          unidadefederativadaidentidade: 'SP',
          datadeemissaodaidentidade: '2010-06-30',
          estadocivil: 'CASADO',
          codigodaprofissao: 1,
          siglanacionalidade: 'BRA',
          numerodaagencia: 1234,
          numerodacontacorrente: '98765-4',
          email,
          nomeempresa: 'Padaria Horizonte LTDA',
          valorrenda: 654321,
          telefones: [
            { tipotelefone: 'CELULAR', numerododdd: '11', numerodotelefone: '987654321' },
            { tipotelefone: 'RESIDENCIAL', numerododdd: '21', numerodotelefone: '33334444' },
          ],
          enderecos: [
            {
              bairro: 'Vila Mariana',
              cep: '04101000',
              cidade: 'São Paulo',
              enderecocorrespondencia: false,
              logradouro: 'Rua Domingos de Morais',
              numero: 1200,
              pais: 'Brasil',
              tipoendereco: 'RESIDENCIAL',
              uf: 'SP',
              complemento: 'Apto 42',
              pontoreferencia: '',
            },
            {
              bairro: 'Centro',
              cep: '20040002',
              cidade: 'Rio de Janeiro',
              enderecocorrespondencia: true,
              logradouro: 'Avenida Rio Branco',
              numero: 156,
              pais: 'Brasil',
              tipoendereco: 'COMERCIAL',
              uf: 'RJ',
              complemento: '',
              pontoreferencia: 'Perto do metrô',
            },
          ],
          cartoesadicionais: [{}],
        },
      },
    });
    expect(await sandbox.stats()).toMatchObject({ applicationsPerCpf: { [cpf]: 1 } });

    // The CPF travels to the status screen in memory, never in the URL.
    await page.getByRole('button', { name: 'Ver a situação deste CPF' }).click();
    await expect(page).toHaveURL(/\/analises$/);
  });

  test('validation errors: summary with links, messages beside fields, "Erro:" title, input kept', async ({
    page,
  }) => {
    await signInWithSandboxToken(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'para continuar' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Corrija 2 problemas para continuar');
    await expect(page).toHaveTitle(/^Erro: Nova proposta de crédito/);
    await fillProductStep(page, { codigodoproduto: '101', cartaodecredito: { diadovencimento: '5' } });
    await continueToNextStep(page);

    await typeInto(page, 'portador.cpf', '52998224726'); // wrong check digit
    await typeInto(page, 'portador.datadenascimento', '31022000'); // no 31 February
    await typeInto(page, 'portador.email', 'maria@');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('CPF: CPF inválido: confira os dígitos.');
    await expect(summary).toContainText('Data de nascimento: Data inválida');
    await expect(page.locator('#campo-portador\\.cpf-help')).toHaveText('CPF inválido: confira os dígitos.');
    await expect(page.locator(name('portador.cpf'))).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveTitle(/^Erro: /);
    await expectNoAxeViolations(page, 'step 2 with errors');
    await summary.getByRole('link', { name: /^E-mail/ }).click();
    await expect(page.locator(name('portador.email'))).toBeFocused();
    // Nothing typed was cleared by the errors.
    await expect(page.locator(name('portador.cpf'))).toHaveValue('529.982.247-26');
    await expect(page.locator(name('portador.email'))).toHaveValue('maria@');

    // An adult only; an identity issued after birth and not in the future.
    await page.locator(name('portador.datadenascimento')).fill('');
    await typeInto(page, 'portador.datadenascimento', '01012020');
    await page.locator(name('portador.datadenascimento')).blur();
    await expect(page.locator('#campo-portador\\.datadenascimento-help')).toHaveText(
      'O titular precisa ter 18 anos ou mais.',
    );
    // "Voltar" never validates; the browser's Back moves between steps.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expectStep(page, 1, 'Produto e vencimento');
    await page.goBack();
    await expectStep(page, 2, 'Dados pessoais');
    await expect(page.locator(name('portador.cpf'))).toHaveValue('529.982.247-26');
  });

  test('a double click, or Enter plus click, sends one request', async ({ page, sandbox }) => {
    // The request is held until the pending button has been seen (proceedHeld); the app's time-out
    // outlasts that.
    await patchConfig(page, { requestTimeoutMs: 120_000 });
    await fillQuickly(page);
    await sandbox.fault({ endpoint: 'creditRequest', kind: 'delay', delayMs: 600_000 });
    const button = page.getByRole('button', { name: 'Enviar proposta' });
    const centre = await centreOf(button);
    await button.focus();
    // Enter, then a double click on the same spot while the first request is still pending.
    await page.keyboard.press('Enter');
    await page.mouse.dblclick(centre.x, centre.y);
    await expect(page.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    await sandbox.proceedHeld();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    const stats = await sandbox.stats();
    expect(stats).toMatchObject({
      applicationsPerCpf: { [cpf]: 1 },
      requestsPerEndpoint: { creditRequest: 1 },
    });
  });

  test('a 500 shows the message and keeps every field; sending again works', async ({ page, sandbox }) => {
    await fillQuickly(page);
    await sandbox.fault({ endpoint: 'creditRequest', kind: '500' });
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'A proposta não foi enviada' });
    await expect(alert).toContainText('Tente novamente mais tarde');
    await expect(page.getByText('Nada do que você digitou foi perdido.')).toBeVisible();
    await expectNoAxeViolations(page, 'submit 500');
    await page.getByRole('link', { name: 'Alterar Dados pessoais' }).click();
    await expect(page.locator(name('portador.cpf'))).toHaveValue(maskedCpf(cpf));
    await expect(page.locator(name('portador.nome'))).toHaveValue(nome);
    await page.getByRole('button', { name: 'Voltar para a revisão' }).click();
    await expectStep(page, 8, 'Revisão');
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
  });

  test('a 400 with a list of messages shows them in a focused summary', async ({ page, sandbox }) => {
    await fillQuickly(page);
    await sandbox.fault({ endpoint: 'creditRequest', kind: '400-list' });
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'O provedor recusou a proposta' });
    await expect(alert).toBeFocused();
    // Each message that names a field: its label, a link to its input, the provider's words beside it.
    await expect(alert.getByRole('link', { name: 'Dados pessoais · CPF' })).toBeVisible();
    await expect(alert).toContainText('portador.cpf must be a valid CPF');
    await expect(alert).toContainText('portador.telefones should not be empty');
    await expectNoAxeViolations(page, 'submit 400 list');
    await alert.getByRole('link', { name: 'Endereços · Endereço 1: CEP' }).click();
    await expectStep(page, 6, 'Endereços');
    await expect(page.locator(name('portador.enderecos.0.cep'))).toBeFocused();
  });

  test('a lost answer is an unknown outcome: the status is looked up before sending again', async ({
    page,
    sandbox,
  }) => {
    await fillQuickly(page);
    // The provider commits, then the answer is lost on the way back. (The sandbox's commitThenReset
    // fault drops the connection too, but Chromium silently retries a POST whose reused keep-alive
    // socket was reset, and the retry, carrying the same Idempotency-Key, gets the stored answer.)
    await page.route(
      '**/v1/request/credit/',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível confirmar' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('a proposta provavelmente foi registrada');
    await expect(alert).toContainText('PRP-2026-001000');
    await expectNoAxeViolations(page, 'unknown outcome');
    await alert.getByRole('button', { name: 'Enviar novamente' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    // The resend carried the same key: the provider recognised it, no second application.
    const stats = await sandbox.stats();
    expect(stats).toMatchObject({
      applicationsPerCpf: { [cpf]: 1 },
      requestsPerEndpoint: { creditRequest: 2 },
      idempotencyKeys: [{ endpoint: 'creditRequest', requests: 2 }],
    });
  });

  test('a request that hangs past the time-out is an unknown outcome too', async ({ page, sandbox }) => {
    await fillQuickly(page);
    await sandbox.fault({ endpoint: 'creditRequest', kind: 'hang' });
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    await expect(page.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível confirmar' });
    await expect(alert).toContainText('Nenhuma análise nova apareceu', { timeout: 10_000 });
    await alert.getByRole('button', { name: 'Enviar novamente' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
    expect(await sandbox.stats()).toMatchObject({ applicationsPerCpf: { [cpf]: 1 } });
  });

  test('a 401 mid-wizard: a pasted token cannot show it is the same operator, so the draft goes, and it says so', async ({
    page,
    sandbox,
  }) => {
    await fillQuickly(page);
    await sandbox.fault({ endpoint: 'creditRequest', kind: '401' });
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessão expirada' });
    await expect(dialog).toBeVisible();
    // Said before anything is pasted (docs/decisions/017-operator-identity-verified-only.md); with
    // OpenID Connect the same verified operator keeps everything (e2e/oidc.spec.ts).
    await expect(dialog).toContainText('o que esta aba guarda será apagado: o rascunho da proposta');
    await dialog.getByLabel('Token de acesso').fill('sandbox-operator');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Não há como confirmar que é o mesmo operador' }),
    ).toContainText('o rascunho da proposta');
    await expect(page.getByText(nome)).toHaveCount(0);
    expect(await page.content()).not.toContain(nome);
    expect(await sandbox.stats()).not.toMatchObject({ applicationsPerCpf: { [cpf]: expect.anything() } });
  });

  test('warns about a CPF that already has analyses, and still lets the operator send', async ({ page }) => {
    await fillQuickly(page, { personal: { cpf: '52998224725' } });
    const warning = page.getByRole('status').filter({ hasText: 'Este CPF já tem' });
    await expect(warning).toContainText('Este CPF já tem 1 análise');
    await expect(warning).toContainText(/PRP-\d{4}-\d+/);
    await expectNoAxeViolations(page, 'duplicate warning');
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    await expect(page.getByText('Proposta enviada').first()).toBeVisible();
  });

  test('leaving asks first; the draft survives other screens; sign-out clears it', async ({ page }) => {
    await fillQuickly(page);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.getByRole('link', { name: 'Produtos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sair da proposta?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'leave dialog');
    await dialog.getByRole('button', { name: 'Sair e manter o rascunho' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos de crédito' })).toBeVisible();
    await nav.getByRole('link', { name: 'Nova proposta' }).click();
    await expect(page.getByText('Rascunho recuperado')).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator(name('portador.cpf'))).toHaveValue(maskedCpf(cpf));
    // The draft is unsent work: "Sair" asks first, and signing out anyway erases it.
    await page.getByRole('button', { name: 'Sair' }).click();
    const question = page.getByRole('dialog', { name: 'Sair e apagar o trabalho desta aba?' });
    await expect(question).toContainText('uma proposta de crédito que ainda não foi enviada');
    await question.getByRole('button', { name: 'Sair e apagar' }).click();
    await expect(page).toHaveURL(/\/entrar$/);
    await page.getByRole('button', { name: /Operador/ }).click();
    await nav.getByRole('link', { name: 'Nova proposta' }).click();
    await expect(page.getByText('Rascunho recuperado')).toHaveCount(0);
    await fillProductStep(page, { codigodoproduto: '101', cartaodecredito: { diadovencimento: '5' } });
    await continueToNextStep(page);
    await expect(page.locator(name('portador.cpf'))).toHaveValue('');
  });

  test('a corrected field loses its error at once, and one click on Continuar moves on', async ({ page }) => {
    await startApplication(page);
    await expectStep(page, 2, 'Dados pessoais');
    // "Continuar" on an empty step flags Sexo; choosing one clears the message without leaving the field.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator('#campo-portador\\.sexo-help')).toHaveText('Escolha uma opção.');
    await page.locator(name('portador.sexo')).selectOption('FEMININO');
    await expect(page.locator('#campo-portador\\.sexo-help')).toHaveCount(0);
    await fillPersonalIdentityIncome(page);
    // A new, empty row is not flagged before the operator has had a chance to fill it (the added row
    // opens, the first closes: each row is filled while open).
    await fillPhone(page, 0);
    await page.getByRole('button', { name: /Adicionar telefone/ }).click();
    await expect(page.locator('.MuiFormHelperText-root.Mui-error')).toHaveCount(0);
    await fillPhone(page, 1);
    await continueToNextStep(page);
    await expectStep(page, 6, 'Endereços');
  });
});
