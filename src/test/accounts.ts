import type { Account } from '@/api/accounts/accounts-schema';

/** An account of the institution for unit tests, changed by `overrides` (`available` sets the balance). */
export function testAccount(overrides: Partial<Account> & { available?: number } = {}): Account {
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

/** Accounts by trade name, in that order: ids from 1, the first the default, balances rising. */
export function accountsNamed(tradeNames: readonly string[]): Account[] {
  return tradeNames.map((tradeName, index) => ({
    accountId: String(index + 1),
    isDefault: index === 0,
    balance: { total: index, blocked: 0, available: index * 10 },
    taxId: `1122233300018${index}`,
    officialName: `${tradeName} Ltda`,
    tradeName,
    branch: '0001',
    account: `${index}-0`,
  }));
}
