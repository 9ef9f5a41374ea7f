// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountSchema } from '@/api/accounts/accounts-schema';
import { productSchema } from '@/api/schemas/products';
import { isValidCpf } from '@/lib/cpf';
import { isValidCnpjDigits } from './cnpj';
import {
  FIRST_ACCOUNT_ID,
  HTML_LIKE_PRODUCT_NAME,
  accountUuid,
  generateAccounts,
  generateSeededAnalyses,
  seedLookups,
  seededAnalysisCpfs,
  seedProducts,
  seededCpfs,
} from './seed';

describe('seed', () => {
  it('has realistic products, one of them named with HTML-like text', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(5);
    for (const product of seedProducts) {
      expect(productSchema.parse(product)).toEqual(product);
      expect(product.codigo).toMatch(/^\d+$/);
    }
    expect(seedProducts.map((product) => product.nome)).toContain(
      '<img src=x onerror=window.__x=1> Cartão Teste',
    );
    expect(HTML_LIKE_PRODUCT_NAME).toBe('<img src=x onerror=window.__x=1> Cartão Teste');
  });

  it('seeds only valid, distinct CPFs', () => {
    const cpfs = Object.values(seededCpfs);
    expect(new Set(cpfs).size).toBe(cpfs.length);
    for (const cpf of cpfs) expect(isValidCpf(cpf), cpf).toBe(true);
    for (const cpf of seedLookups().keys()) expect(isValidCpf(cpf), cpf).toBe(true);
    expect(seedLookups().has(seededCpfs.freshApproves)).toBe(false);
    expect(seedLookups().has(seededCpfs.freshDeclines)).toBe(false);
  });

  it('generates accounts that match the contract, with one default and valid CNPJs', () => {
    const accounts = generateAccounts(30);
    expect(accounts).toHaveLength(30);
    expect(accounts.filter((account) => account.isDefault)).toHaveLength(1);
    expect(accounts.some((account) => account.balance.available < 0)).toBe(true);
    expect(accounts.some((account) => account.balance.blocked > 0)).toBe(true);
    expect(accounts.some((account) => / LTDA$/.test(account.officialName))).toBe(true);
    expect(accounts.some((account) => / S\.A\.$/.test(account.officialName))).toBe(true);
    expect(new Set(accounts.map((account) => account.tradeName)).size).toBe(30);
    for (const [index, account] of accounts.entries()) {
      expect(accountSchema.parse(account)).toEqual(account);
      // UUIDs by default: an id the app must not send as the virtual-card `account`.
      expect(account.accountId).toBe(accountUuid(index));
      expect(account.accountId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(isValidCnpjDigits(account.taxId), account.taxId).toBe(true);
      expect(account.branch).toMatch(/^\d{4}$/);
      // Seven digits; every tenth account prints its check digit after a dash (not an integer).
      expect(account.account).toMatch(index % 10 === 9 ? /^\d{6}-\d$/ : /^[1-9]\d{6}$/);
      for (const amount of Object.values(account.balance)) expect(Number.isInteger(amount)).toBe(true);
      expect(account.balance.available).toBe(account.balance.total - account.balance.blocked);
    }
  });

  it('is deterministic and generates 10,000 distinct accounts quickly', () => {
    expect(generateAccounts(30)).toEqual(generateAccounts(30));
    expect(generateAccounts(30, 1)).not.toEqual(generateAccounts(30, 2));
    const started = performance.now();
    const many = generateAccounts(10_000);
    // Catches a quadratic generator (many seconds), not a slow machine: 500 ms was too tight for a loaded CI.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(new Set(many.map((account) => account.taxId)).size).toBe(10_000);
    expect(new Set(many.map((account) => account.accountId)).size).toBe(10_000);
    expect(new Set(many.map((account) => account.account)).size).toBe(10_000);
    expect(many.filter((account) => account.isDefault)).toHaveLength(1);
  });

  it('gives numeric ids and balances in reais when a profile asks for them', () => {
    const cents = generateAccounts(30);
    const numeric = generateAccounts(30, undefined, { accountIds: 'numeric', balanceUnit: 'reais' });
    for (const [index, account] of numeric.entries()) {
      expect(account.accountId).toBe(String(FIRST_ACCOUNT_ID + index));
      const inCents = cents[index]?.balance;
      expect(account.balance.total).toBe((inCents?.total ?? NaN) / 100);
      expect(account.account).toBe(cents[index]?.account);
    }
    // Reais with decimals: at least one fractional amount, which a centavos reading must not divide.
    expect(numeric.some((account) => !Number.isInteger(account.balance.total))).toBe(true);
  });

  it('seeds as many more CPFs as asked, valid, distinct, apart from the named ones, the same each time', () => {
    const cpfs = seededAnalysisCpfs(1000);
    expect(cpfs).toHaveLength(1000);
    expect(new Set(cpfs).size).toBe(1000);
    expect(cpfs.every((cpf) => isValidCpf(cpf))).toBe(true);
    expect(cpfs.some((cpf) => (Object.values(seededCpfs) as string[]).includes(cpf))).toBe(false);
    expect(seededAnalysisCpfs(3)).toEqual(cpfs.slice(0, 3));
    const lookups = generateSeededAnalyses(1000);
    const codes = [...lookups.values()].flatMap((lookup) =>
      lookup.analyses.map((a) => a.CodigoParaAcompanhamento),
    );
    expect(new Set(codes).size).toBe(codes.length);
    expect([...lookups.values()].every((lookup) => lookup.analyses.length >= 1 && lookup.sucesso)).toBe(true);
  });
});
