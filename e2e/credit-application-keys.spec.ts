import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patchConfig } from './support/patch-config';
import { signInWithSandboxToken } from './support/sandbox-sign-in';
import { applicant, field } from './wizard-helpers';

/**
 * What a whole application costs an operator who types it from paper, keyboard first: two phones, two
 * addresses, one additional card, from "Iniciar proposta" to "Enviar proposta". Done as a person does
 * it (keys one at a time, Tab and Enter, the shortcuts the wizard shows beside its buttons, a click only
 * where a person clicks), every key and click counted through the helpers below. Fails above 300 keys
 * or 20 clicks; prints the counts.
 *
 * The deployment has a CEP service (the sandbox's, as public/config.json has it): the CEP fills the
 * street, district, city and UF. Keys are counted one per physical key: Ctrl+Enter is two.
 */
const MAX_KEYS = 300;
const MAX_CLICKS = 20;

class Operator {
  keys = 0;
  clicks = 0;
  /** Presses as the operator feels them (a chord is one). */
  presses = 0;

  constructor(private readonly page: Page) {}

  /** Types `text` key by key into the focused field. */
  async type(text: string) {
    await this.page.locator(':focus').pressSequentially(text);
    const length = Array.from(text).length;
    this.keys += length;
    this.presses += length;
  }

  /** Presses `key` (a chord: `Control+Enter`) `times` times. */
  async press(key: string, times = 1) {
    for (let time = 0; time < times; time += 1) {
      await this.page.keyboard.press(key);
      this.keys += key.split('+').length;
      this.presses += 1;
    }
  }

  async click(target: Locator) {
    await target.click();
    this.clicks += 1;
  }
}

const { portador } = applicant;

test('a whole application by keyboard: at most 300 keys and 20 clicks', async ({
  page,
  sandbox,
}, testInfo) => {
  await patchConfig(page, { cepLookupUrl: `${sandbox.base}/__sandbox/cep/{cep}/json/` });
  await signInWithSandboxToken(page);
  const operator = new Operator(page);
  const step = (number: number) =>
    expect(page.getByText(`Etapa ${number} de 8`, { exact: true })).toBeVisible();
  const focused = (path: string) => expect(field(page, path)).toBeFocused();

  await operator.click(
    page.getByRole('link', { name: 'Iniciar proposta com o produto Cartão Gold Internacional' }),
  );
  // Step 1: the product came with the link; Tab to the due day (the page's heading has focus).
  await step(1);
  await operator.press('Tab', 2);
  await focused('cartaodecredito.diadovencimento');
  await operator.type('10');
  await operator.press('Control+Enter');

  // Step 2: from the step's heading. The printed name is the suggestion (MARIA C S A LIMA): Tab past it.
  await step(2);
  await operator.press('Tab');
  await focused('portador.cpf');
  await operator.type(portador.cpf);
  await operator.press('Tab');
  await operator.type(portador.nome);
  await operator.press('Tab');
  await expect(field(page, 'portador.nomeimpresso')).toHaveValue('MARIA C S A LIMA');
  await operator.press('Tab');
  await operator.type(portador.nomedamae);
  await operator.press('Tab');
  await operator.type('12041988');
  await operator.press('Tab');
  await operator.type('F');
  await operator.press('Tab');
  await operator.type('C');
  await expect(field(page, 'portador.estadocivil')).toHaveValue('CASADO');
  await operator.press('Tab', 2); // past the nationality (BRA)
  await focused('portador.email');
  await operator.type(portador.email);
  await operator.press('Enter');

  // Step 3.
  await step(3);
  await operator.press('Tab');
  await operator.type(portador.numerodaidentidade);
  await operator.press('Tab');
  await operator.type(portador.orgaoexpedidordaidentidade);
  await operator.press('Tab');
  await operator.type(portador.unidadefederativadaidentidade);
  await operator.press('Tab');
  await operator.type('30062010');
  await operator.press('Enter');

  // Step 4.
  await step(4);
  await operator.press('Tab');
  await focused('portador.codigodaprofissao');
  await operator.type('A');
  await operator.press('Tab');
  await operator.type(portador.nomeempresa);
  await operator.press('Tab');
  await operator.type(portador.valorrenda);
  await operator.press('Tab');
  await operator.type(portador.numerodaagencia);
  await operator.press('Tab');
  await operator.type(portador.numerodacontacorrente);
  await operator.press('Enter');

  // Step 5: a mobile phone, then a home one added with Alt+A (shown beside "Adicionar telefone").
  await step(5);
  await operator.press('Tab', 3); // the row's line, its type (Celular), the DDD
  await focused('portador.telefones.0.numerododdd');
  await operator.type('11');
  await operator.press('Tab');
  await operator.type('987654321');
  await operator.press('Alt+A');
  await focused('portador.telefones.1.tipotelefone');
  await operator.type('R');
  await operator.press('Tab');
  await operator.type('21');
  await operator.press('Tab');
  await operator.type('33334444');
  await operator.press('Enter');

  // Step 6: home (the mailing address, as the first one is unless changed), then work.
  await step(6);
  await operator.press('Tab', 3); // the row's line, its mailing choice, the CEP
  await focused('portador.enderecos.0.cep');
  await operator.type('04101000');
  await expect(field(page, 'portador.enderecos.0.logradouro')).toHaveValue('Rua Domingos de Morais');
  await operator.press('Tab', 2);
  await focused('portador.enderecos.0.numero');
  await operator.type('1200');
  await operator.press('Tab');
  await operator.type('Apto 42');
  await operator.press('Alt+A');
  await focused('portador.enderecos.1.cep');
  await operator.type('20040020');
  await expect(field(page, 'portador.enderecos.1.cidade')).toHaveValue('Rio de Janeiro');
  await operator.press('Tab', 2);
  await operator.type('156');
  await operator.press('Tab', 6); // complement, district, city, UF, country: to the type
  await focused('portador.enderecos.1.tipoendereco');
  await operator.type('C');
  await operator.press('Tab');
  await operator.type('Perto do metrô');
  // The first address is still the mailing one: its closed line says so, no need to open it.
  await expect(page.getByRole('radio', { name: 'Endereço de correspondência (Endereço 1)' })).toBeChecked();
  await operator.press('Enter');

  // Step 7: one additional card (the provider asks no data for it), then on.
  await step(7);
  await operator.press('Alt+A');
  await expect(page.getByRole('group', { name: 'Cartão adicional 1' })).toBeVisible();
  await operator.press('Control+Enter');

  // The review, checked by eye, and the send.
  await step(8);
  await expect(page.getByText('Nenhuma análise anterior para este CPF.')).toBeVisible();
  await operator.click(page.getByRole('button', { name: 'Enviar proposta' }));
  await expect(page.getByText('Proposta enviada').first()).toBeVisible();

  const sent = await sandbox.lastRequest('creditRequest');
  expect(sent).toMatchObject({
    body: {
      portador: {
        nomeimpresso: 'MARIA C S A LIMA',
        telefones: [{ numerododdd: '11' }, { tipotelefone: 'RESIDENCIAL', numerododdd: '21' }],
        enderecos: [
          { cep: '04101000', enderecocorrespondencia: true, complemento: 'Apto 42' },
          { cep: '20040020', tipoendereco: 'COMERCIAL', enderecocorrespondencia: false },
        ],
        cartoesadicionais: [{}],
      },
    },
  });

  const counts = `${operator.keys} keys (${operator.presses} presses, a chord as one), ${operator.clicks} clicks`;
  process.stdout.write(`whole application by keyboard: ${counts}\n`);
  testInfo.annotations.push({ type: 'counts', description: counts });
  expect(operator.keys, counts).toBeLessThanOrEqual(MAX_KEYS);
  expect(operator.clicks, counts).toBeLessThanOrEqual(MAX_CLICKS);
});
