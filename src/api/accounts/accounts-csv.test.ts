import { testAccount } from '@/test/accounts';
import { accountsCsv } from './accounts-csv';

describe('accountsCsv', () => {
  it('writes the rows of an order, with CNPJ formatted, balances in reais and formulas defused', () => {
    const list = [
      testAccount({ accountId: '1', tradeName: 'Padaria São João', available: 500 }),
      testAccount({ accountId: '2', tradeName: 'Açougue Central', taxId: '44555666000199', available: -20 }),
      testAccount({ accountId: '3', tradeName: 'padaria Aurora', available: 500 }),
      testAccount({ accountId: '4', tradeName: 'Banca do Zé', available: 10, isDefault: true }),
      testAccount({ accountId: '9', tradeName: '=HYPERLINK("x")', available: -123_45 }),
    ];
    const csv = accountsCsv(list, Int32Array.from([4, 1, 3]), {
      columns: ['tradeName', 'taxId', 'available', 'isDefault'],
      header: ['Nome', 'CNPJ', 'Disponível (R$)', 'Padrão'],
      defaultBadge: 'Padrão',
      moneyUnit: 'centavos',
    });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFNome;CNPJ;Disponível (R$);Padrão',
      `"'=HYPERLINK(""x"")";11.222.333/0001-81;-123,45;`,
      'Açougue Central;44.555.666/0001-99;-0,20;',
      'Banca do Zé;11.222.333/0001-81;0,10;Padrão',
    ]);
  });
});
