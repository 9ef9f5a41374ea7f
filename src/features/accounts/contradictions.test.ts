import { contradictionsOf, withheldColumns } from './contradictions';

const totals = { total: 0, blocked: 0, available: 0 };
const fractional = { index: 3, field: 'balance.total', value: -1520.35 };

describe('contradictions between the configuration and the accounts', () => {
  it('a fractional balance under a centavos reading withholds the balance columns, naming the field', () => {
    const found = contradictionsOf({ totals, firstFractional: fractional }, 'centavos');
    expect(found).toEqual([
      {
        key: 'balanceUnit',
        field: 'accounts.3.balance.total',
        value: -1520.35,
        withholds: ['total', 'blocked', 'available'],
      },
    ]);
    expect([...withheldColumns(found)].sort()).toEqual(['available', 'blocked', 'total']);
  });

  it('none under a reais reading, nor with whole balances', () => {
    expect(contradictionsOf({ totals, firstFractional: fractional }, 'reais')).toEqual([]);
    expect(contradictionsOf({ totals, firstFractional: null }, 'centavos')).toEqual([]);
    expect(withheldColumns([]).size).toBe(0);
  });
});
