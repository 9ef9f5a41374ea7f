import { expect, type Page } from '@playwright/test';

/** A field of the credit application wizard, by its `name` attribute (the form's path). */
export const field = (page: Page, path: string) => page.locator(`[name="${path}"]`);

/**
 * From a signed-in screen: opens "Nova proposta" and fills every step quickly (fill, not keystrokes) for
 * a fictitious applicant with the given CPF, one phone and one address, up to the review ("Enviar
 * proposta" visible). The employer (`portador.nomeempresa`) is required.
 */
export async function fillCreditApplication(
  page: Page,
  cpf: string,
  { nome = 'Maria da Conceição Souza' }: { nome?: string } = {},
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
  await fill({
    'portador.telefones.0.numerododdd': '11',
    'portador.telefones.0.numerodotelefone': '987654321',
  });
  await next();
  await fill({
    'portador.enderecos.0.cep': '04101000',
    'portador.enderecos.0.logradouro': 'Rua Domingos de Morais',
    'portador.enderecos.0.numero': '1200',
    'portador.enderecos.0.bairro': 'Vila Mariana',
    'portador.enderecos.0.cidade': 'São Paulo',
  });
  await choose({ 'portador.enderecos.0.uf': 'SP' });
  await next();
  await next();
  await expect(page.getByRole('button', { name: 'Enviar proposta' })).toBeVisible();
}
