import {
  accountsCsv,
  createAccountsIndex,
  createDataset,
  decodeAccountList,
  fold,
  overviewOf,
  packAccounts,
  viewAccounts,
  type AccountSort,
} from './accounts-index';
import type { Account } from './schemas/accounts';

function account(overrides: Partial<Account> & { available?: number }): Account {
  const { available = 0, ...rest } = overrides;
  return {
    accountId: '100001',
    isDefault: false,
    balance: { total: available, blocked: 0, available },
    taxId: '11222333000181',
    officialName: 'Empresa Ltda',
    tradeName: 'Empresa',
    branch: '0001',
    account: '12345-6',
    ...rest,
  };
}

const accounts: Account[] = [
  account({
    accountId: '1',
    tradeName: 'Padaria São João',
    taxId: '11222333000181',
    account: '111-1',
    available: 500,
  }),
  account({
    accountId: '2',
    tradeName: 'Açougue Central',
    taxId: '44555666000199',
    account: '222-2',
    available: -20,
  }),
  account({
    accountId: '3',
    tradeName: 'padaria Aurora',
    taxId: '77888999000100',
    account: '333-3',
    available: 500,
  }),
  account({
    accountId: '4',
    tradeName: 'Banca do Zé',
    officialName: 'Comércio de Jornais',
    available: 10,
    isDefault: true,
  }),
];
const index = createAccountsIndex(accounts);
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const ids = (order: Int32Array) => Array.from(order, (position) => accounts[position]?.accountId);

describe('decodeAccountList', () => {
  const body = { accounts, next: 'kept' };

  it('gives what JSON.parse gives for a valid body: the schema transforms nothing (the worker relies on it)', () => {
    const text = JSON.stringify(body);
    const decoded = decodeAccountList(bytes(text));
    expect(decoded).toEqual({ kind: 'ok', data: JSON.parse(text) as unknown });
  });

  it('names the field that breaks the contract, as the fetch client does', () => {
    const broken = {
      accounts: [accounts[0], { ...accounts[1], balance: { total: '1', blocked: 0, available: 0 } }],
    };
    expect(decodeAccountList(bytes(JSON.stringify(broken)))).toEqual({
      kind: 'contract',
      field: 'accounts.1.balance.total',
      detail: expect.stringMatching(/^accounts\.1\.balance\.total: /) as string,
    });
  });

  it('says a body is empty, or an HTML page, as the fetch client does', () => {
    expect(decodeAccountList(bytes(' \n'))).toEqual({ kind: 'empty' });
    expect(decodeAccountList(bytes('  <html><body>502</body></html>'))).toEqual({
      kind: 'unreadable',
      reason: 'an HTML page instead of JSON',
    });
  });

  it('says a body is not JSON', () => {
    expect(decodeAccountList(bytes('{"accounts": ['))).toEqual({
      kind: 'unreadable',
      reason: 'a body that is not valid JSON',
    });
  });
});

describe('viewAccounts', () => {
  it('shows every account in the provider order with no search and no sort, with their totals', () => {
    const view = viewAccounts(index, { query: '', sort: null });
    expect(ids(view.order)).toEqual(['1', '2', '3', '4']);
    expect(view.totals).toEqual({ total: 990, blocked: 0, available: 990 });
  });

  it('searches names without case or accents, CNPJ with or without punctuation, and account', () => {
    const search = (query: string) => ids(viewAccounts(index, { query, sort: null }).order);
    expect(search('PADARIA')).toEqual(['1', '3']);
    expect(search('sao joao')).toEqual(['1']);
    expect(search('acougue')).toEqual(['2']);
    expect(search('comercio')).toEqual(['4']);
    expect(search('44.555.666/0001-99')).toEqual(['2']);
    expect(search('44555666')).toEqual(['2']);
    expect(search('333-3')).toEqual(['3']);
    expect(search('3333')).toEqual(['3']);
    expect(search('  nada disso ')).toEqual([]);
  });

  it('totals what the search shows', () => {
    expect(viewAccounts(index, { query: 'padaria', sort: null }).totals.available).toBe(1000);
  });

  it('sorts by each column both ways; ties keep the provider order either way', () => {
    const sorted = (sort: AccountSort) => ids(viewAccounts(index, { query: '', sort }).order);
    expect(sorted({ column: 'available', direction: 'asc' })).toEqual(['2', '4', '1', '3']);
    expect(sorted({ column: 'available', direction: 'desc' })).toEqual(['1', '3', '4', '2']);
    expect(sorted({ column: 'tradeName', direction: 'asc' })).toEqual(['2', '4', '3', '1']);
    expect(sorted({ column: 'tradeName', direction: 'desc' })).toEqual(['1', '3', '4', '2']);
    expect(sorted({ column: 'isDefault', direction: 'asc' })).toEqual(['4', '1', '2', '3']);
    expect(sorted({ column: 'taxId', direction: 'desc' })).toEqual(['3', '2', '1', '4']);
    expect(sorted({ column: 'code', direction: 'desc' })).toEqual(['4', '3', '2', '1']);
  });

  it('sorts what the search found', () => {
    const view = viewAccounts(index, { query: 'padaria', sort: { column: 'tradeName', direction: 'asc' } });
    expect(ids(view.order)).toEqual(['3', '1']);
  });

  it('folds accents and case', () => {
    expect(fold('Ação São')).toBe('acao sao');
  });
});

describe('the packed copy the page holds', () => {
  // Accents, an empty field, a field of one character: the ends, not a separator, split the fields.
  const odd = account({ accountId: 'x', tradeName: 'Ação & Cia', officialName: '', branch: '0001' });
  const list = [...accounts, odd];

  it('gives back every account, field for field, from a few flat values', () => {
    const packed = packAccounts(list);
    expect(typeof packed.text).toBe('string');
    expect(packed.ends).toBeInstanceOf(Uint32Array);
    const dataset = createDataset(packed, overviewOf(list));
    expect(dataset.count).toBe(5);
    expect(Array.from({ length: 5 }, (_, position) => dataset.at(position))).toEqual(list);
    expect(dataset.toArray()).toEqual(list);
    expect(dataset.at(5)).toBeUndefined();
    expect(dataset.at(-1)).toBeUndefined();
  });

  it('gives the same object for a row while it is in use (memoized rows stay as they are)', () => {
    const dataset = createDataset(packAccounts(list), overviewOf(list));
    expect(dataset.at(2)).toBe(dataset.at(2));
  });
});

describe('accountsCsv', () => {
  it('writes the rows of an order, with CNPJ formatted, balances in reais and formulas defused', () => {
    const hostile = account({ accountId: '9', tradeName: '=HYPERLINK("x")', available: -123_45 });
    const list = [...accounts, hostile];
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
