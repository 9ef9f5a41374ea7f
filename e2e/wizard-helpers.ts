import { expect, type Page } from '@playwright/test';

/** A field of the credit application wizard, by its `name` attribute (the form's path). */
export const field = (page: Page, path: string) => page.locator(`[name="${path}"]`);

/** Area codes that exist (not every number from 11 to 99 does), one per phone row. */
const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '91', '12'];

/**
 * From a signed-in screen: opens "Nova proposta" and fills every step quickly (fill, not keystrokes) for
 * a fictitious applicant with the given CPF, `phones` phones and `addresses` addresses (one of each by
 * default), up to the review ("Enviar proposta" visible). The employer (`portador.nomeempresa`) is required.
 */
export async function fillCreditApplication(
  page: Page,
  cpf: string,
  {
    nome = 'Maria da Conceição Souza',
    phones = 1,
    addresses = 1,
  }: { nome?: string; phones?: number; addresses?: number } = {},
) {
  const next = () => page.getByRole('button', { name: 'Continuar' }).click();
  const fill = async (values: Record<string, string>) => {
    for (const [path, value] of Object.entries(values)) await field(page, path).fill(value);
  };
  const choose = async (values: Record<string, string>) => {
    for (const [path, value] of Object.entries(values)) await field(page, path).selectOption(value);
  };

  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  await expect(field(page, 'codigodoproduto')).toContainText('Cartão Gold');
  await choose({ codigodoproduto: '102', 'cartaodecredito.diadovencimento': '10' });
  await next();
  await fill({ 'portador.cpf': cpf, 'portador.nome': nome });
  await field(page, 'portador.nome').blur(); // suggests the printed name
  await fill({ 'portador.nomedamae': 'Ana Lúcia Souza', 'portador.datadenascimento': '12/04/1988' });
  await choose({ 'portador.sexo': 'FEMININO', 'portador.estadocivil': 'CASADO' });
  await fill({ 'portador.email': 'maria.souza@example.com' });
  await next();
  await fill({ 'portador.numerodaidentidade': '123456789', 'portador.orgaoexpedidordaidentidade': 'SSP' });
  await choose({ 'portador.unidadefederativadaidentidade': 'SP' });
  await fill({ 'portador.datadeemissaodaidentidade': '30/06/2010' });
  await next();
  await choose({ 'portador.codigodaprofissao': '1' });
  await fill({
    'portador.nomeempresa': 'Padaria Horizonte LTDA',
    'portador.valorrenda': '6.500,00',
    'portador.numerodaagencia': '1',
    'portador.numerodacontacorrente': '12345-6',
  });
  await next();
  for (let index = 0; index < phones; index += 1) {
    if (index > 0) await page.getByRole('button', { name: 'Adicionar telefone' }).click();
    await fill({
      [`portador.telefones.${index}.numerododdd`]: DDDS[index % DDDS.length] ?? '11',
      [`portador.telefones.${index}.numerodotelefone`]: `9876543${String(index).padStart(2, '0')}`,
    });
  }
  await next();
  for (let index = 0; index < addresses; index += 1) {
    if (index > 0) await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    const at = `portador.enderecos.${index}`;
    await fill({ [`${at}.cep`]: '04101000' });
    await fill({
      [`${at}.logradouro`]: 'Rua Domingos de Morais',
      [`${at}.numero`]: String(1200 + index),
      [`${at}.bairro`]: 'Vila Mariana',
      [`${at}.cidade`]: 'São Paulo',
    });
    await choose({ [`${at}.uf`]: 'SP' });
  }
  await next();
  await next();
  await expect(page.getByRole('button', { name: 'Enviar proposta' })).toBeVisible();
}
