import type { Account } from './accounts/accounts-schema';
import { virtualCardCode } from './virtual-card-account';

const account = (fields: Partial<Account>): Account => ({
  accountId: '3f1c9a52-8d4e-4b7a-9c21-5e6f7a8b9c0d',
  isDefault: false,
  balance: { total: 0, blocked: 0, available: 0 },
  taxId: '11222333000181',
  officialName: 'Padaria Horizonte LTDA',
  tradeName: 'Padaria Horizonte',
  branch: '0001',
  account: '1234567',
  ...fields,
});

describe('virtualCardCode', () => {
  it('reads the account number by default and the accountId when configured', () => {
    expect(virtualCardCode(account({}), 'account')).toEqual({
      ok: true,
      code: 1_234_567,
      field: 'account',
      value: '1234567',
    });
    expect(virtualCardCode(account({ accountId: '100001' }), 'accountId')).toMatchObject({
      ok: true,
      code: 100_001,
    });
  });

  it.each([
    ['account', { account: '12345-6' }, 'notDigits'],
    ['accountId', {}, 'notDigits'],
    ['account', { account: '' }, 'notDigits'],
    ['account', { account: '0123' }, 'leadingZero'],
    ['account', { account: '90071992547409930' }, 'tooLarge'],
  ] as const)('refuses %s %o: %s, never a guess', (field, fields, reason) => {
    expect(virtualCardCode(account(fields), field)).toMatchObject({ ok: false, reason, field });
  });
});
