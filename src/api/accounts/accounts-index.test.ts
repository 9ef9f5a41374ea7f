import type { Account } from './accounts-schema';
import { testAccount } from '@/test/accounts';
import { createAccountsIndex, fold, viewAccounts, type AccountSort } from './accounts-index';

const accounts: Account[] = [
  testAccount({
    accountId: '1',
    tradeName: 'Padaria São João',
    taxId: '11222333000181',
    account: '111-1',
    available: 500,
  }),
  testAccount({
    accountId: '2',
    tradeName: 'Açougue Central',
    taxId: '44555666000199',
    account: '222-2',
    available: -20,
  }),
  testAccount({
    accountId: '3',
    tradeName: 'padaria Aurora',
    taxId: '77888999000100',
    account: '333-3',
    available: 500,
  }),
  testAccount({
    accountId: '4',
    tradeName: 'Banca do Zé',
    officialName: 'Comércio de Jornais',
    available: 10,
    isDefault: true,
  }),
];
const index = createAccountsIndex(accounts);
const ids = (order: Int32Array) => Array.from(order, (position) => accounts[position]?.accountId);

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
