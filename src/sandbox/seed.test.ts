// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountSchema } from '@/api/schemas/accounts';
import { productSchema } from '@/api/schemas/products';
import { isValidCpf } from '@/lib/cpf';
import { isValidCnpjDigits } from './cnpj';
import {
  FIRST_ACCOUNT_ID,
  HTML_LIKE_PRODUCT_NAME,
  generateAccounts,
  seedLookups,
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
      expect(account.accountId).toBe(String(FIRST_ACCOUNT_ID + index));
      expect(isValidCnpjDigits(account.taxId), account.taxId).toBe(true);
      expect(account.branch).toMatch(/^\d{4}$/);
      expect(account.account).toMatch(/^\d{5}-\d$/);
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
    expect(many.filter((account) => account.isDefault)).toHaveLength(1);
  });
});
