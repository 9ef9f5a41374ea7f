import { balanceUnitOf, incomeUnitOf } from './config-schema';
import { ConfigError, parseRuntimeConfig } from './load-config';
import shipped from '../../public/config.json';

const valid = {
  mode: 'provider',
  baseUrl: 'https://api.example.com/cards',
  accountsBaseUrl: 'https://accounts.example.com',
  environmentName: 'Produção',
};

function keyOf(raw: unknown): string | null {
  try {
    parseRuntimeConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error.key;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseRuntimeConfig', () => {
  it('accepts the shipped sandbox config', () => {
    const config = parseRuntimeConfig(shipped);
    expect(config.mode).toBe('sandbox');
    expect(config.domains.sexo.length).toBeGreaterThan(0);
  });

  it('fills sensible defaults for optional keys', () => {
    const config = parseRuntimeConfig(valid);
    expect(config.requestTimeoutMs).toBe(15000);
    expect(config.sendIdempotencyKey).toBe(false);
    expect(config.moneyUnit).toBe('centavos');
    expect(config.domains.tipotelefone.map((entry) => entry.value)).toContain('CELULAR');
  });

  it.each([
    [{ ...valid, mode: 'prod' }, 'mode'],
    [{ ...valid, baseUrl: 'ftp://x' }, 'baseUrl'],
    [{ ...valid, baseUrl: 'https://x/api/' }, 'baseUrl'],
    [{ ...valid, accountsBaseUrl: undefined }, 'accountsBaseUrl'],
    [{ ...valid, environmentName: '' }, 'environmentName'],
    [{ ...valid, requestTimeoutMs: 'fast' }, 'requestTimeoutMs'],
    [{ ...valid, moneyUnit: 'dólares' }, 'moneyUnit'],
    [{ ...valid, incomeUnit: 'cents' }, 'incomeUnit'],
    [{ ...valid, balanceUnit: 'BRL' }, 'balanceUnit'],
    [{ ...valid, virtualCardAccountField: 'id' }, 'virtualCardAccountField'],
    [{ ...valid, sandboxProfile: 'Not A Name' }, 'sandboxProfile'],
    [{ ...valid, domains: { ...parseRuntimeConfig(valid).domains, sexo: [] } }, 'domains.sexo'],
    [
      {
        ...valid,
        domains: { ...parseRuntimeConfig(valid).domains, profissoes: [{ code: 'x', label: 'y' }] },
      },
      'domains.profissoes.0.code',
    ],
  ])('names the bad key (%#)', (raw, key) => {
    expect(keyOf(raw)).toBe(key);
  });

  it('reads the interface readings: account field, split money units, sandbox profile', () => {
    const defaults = parseRuntimeConfig(valid);
    expect(defaults.virtualCardAccountField).toBe('account');
    expect(defaults.sandboxProfile).toBe('default');
    expect(incomeUnitOf(defaults)).toBe('centavos');
    expect(balanceUnitOf(defaults)).toBe('centavos');
    // moneyUnit still sets both; each of the two keys overrides it for its own fields only.
    const shared = parseRuntimeConfig({ ...valid, moneyUnit: 'reais' });
    expect([incomeUnitOf(shared), balanceUnitOf(shared)]).toEqual(['reais', 'reais']);
    const split = parseRuntimeConfig({ ...valid, incomeUnit: 'centavos', balanceUnit: 'reais' });
    expect([incomeUnitOf(split), balanceUnitOf(split)]).toEqual(['centavos', 'reais']);
    expect(
      parseRuntimeConfig({ ...valid, virtualCardAccountField: 'accountId' }).virtualCardAccountField,
    ).toBe('accountId');
  });

  it('reads the status paging: absent by default, its defaults filled when set', () => {
    expect(parseRuntimeConfig(valid).analysisStatusPaging).toBeUndefined();
    expect(parseRuntimeConfig({ ...valid, analysisStatusPaging: { pageParameter: 'pagina' } })).toMatchObject(
      {
        analysisStatusPaging: { pageParameter: 'pagina', firstPage: 1, maxPages: 10 },
      },
    );
    const full = {
      pageParameter: 'page',
      firstPage: 0,
      pageSizeParameter: 'size',
      pageSize: 50,
      maxPages: 4,
    };
    expect(parseRuntimeConfig({ ...valid, analysisStatusPaging: full }).analysisStatusPaging).toEqual(full);
  });

  it.each([
    [{}, 'analysisStatusPaging.pageParameter'],
    [{ pageParameter: 'página' }, 'analysisStatusPaging.pageParameter'],
    [{ pageParameter: 'page&cpf=1' }, 'analysisStatusPaging.pageParameter'],
    [{ pageParameter: 'page', firstPage: 2 }, 'analysisStatusPaging.firstPage'],
    [{ pageParameter: 'page', maxPages: 0 }, 'analysisStatusPaging.maxPages'],
    [{ pageParameter: 'page', maxPages: 101 }, 'analysisStatusPaging.maxPages'],
    [{ pageParameter: 'page', pageSizeParameter: 'size' }, 'analysisStatusPaging.pageSize'],
    [{ pageParameter: 'page', pageSize: 20 }, 'analysisStatusPaging.pageSize'],
    [
      { pageParameter: 'page', pageSizeParameter: 'page', pageSize: 20 },
      'analysisStatusPaging.pageSizeParameter',
    ],
    [{ pageParameter: 'page', pageSizeParameter: 'size', pageSize: 0 }, 'analysisStatusPaging.pageSize'],
    // A misspelt key is refused by its name, not replaced by a default in silence.
    [{ pageParameter: 'page', maxPage: 3 }, 'analysisStatusPaging.maxPage'],
    ['page', 'analysisStatusPaging'],
  ])('names the bad paging key of %j', (paging, key) => {
    expect(keyOf({ ...valid, analysisStatusPaging: paging })).toBe(key);
  });

  it('reports a config that is not an object without a key', () => {
    expect(keyOf([])).toBeNull();
  });
});
