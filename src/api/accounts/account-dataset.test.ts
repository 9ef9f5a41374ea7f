import type { Account } from './accounts-schema';
import { testAccount } from '@/test/accounts';
import { createDataset, overviewOf, totalsOf } from './account-dataset';
import { packAccounts } from './packed-accounts';

const list: Account[] = [
  testAccount({ accountId: '1', tradeName: 'Padaria São João', account: '111-1', available: 500 }),
  testAccount({ accountId: '2', tradeName: 'Açougue Central', taxId: '44555666000199', available: -20 }),
  testAccount({ accountId: '3', tradeName: 'padaria Aurora', account: '333-3', available: 500 }),
  testAccount({ accountId: '4', tradeName: 'Banca do Zé', officialName: 'Comércio', isDefault: true }),
  // Accents, an empty field, a field of one character: the ends, not a separator, split the fields.
  testAccount({ accountId: 'x', tradeName: 'Ação & Cia', officialName: '', branch: '0001' }),
];

describe('the packed copy the page holds', () => {
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

describe('overviewOf', () => {
  it('totals the whole list and finds no fraction in whole balances', () => {
    expect(overviewOf(list)).toEqual({
      totals: { total: 980, blocked: 0, available: 980 },
      firstFractional: null,
    });
  });

  it('names the first balance that is not a whole number', () => {
    const fractional = [...list, testAccount({ available: 12.5 })];
    expect(overviewOf(fractional).firstFractional).toEqual({
      index: 5,
      field: 'balance.total',
      value: 12.5,
    });
  });
});

describe('totalsOf', () => {
  it('sums the balances at the positions of an order', () => {
    expect(totalsOf(list, Int32Array.from([0, 1]))).toEqual({ total: 480, blocked: 0, available: 480 });
  });
});
