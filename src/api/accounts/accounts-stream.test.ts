import { createAccountListStream, decodeAccountList } from './accounts-stream';
import type { Account } from './accounts-schema';

const account = (index: number, overrides: Partial<Account> = {}): Account => ({
  accountId: `id-${index}`,
  isDefault: index === 0,
  balance: { total: index * 100, blocked: 0, available: index * 100 },
  taxId: '11222333000181',
  // Brackets, braces, commas, quotes, a backslash, a colon and accents inside strings: only nesting
  // outside strings counts.
  officialName: `Ação "[{,}]" \\ São: ${index}`,
  tradeName: `Loja ${index} ☕`,
  branch: '0001',
  account: `${index}-0`,
  ...overrides,
});
const accounts = Array.from({ length: 40 }, (_, index) => account(index));
const bytes = (text: string) => new TextEncoder().encode(text);

/** The stream's answer for `text` pushed in chunks of `size` bytes, batches of `batch` characters. */
function streamed(text: string, size: number, batch: number) {
  const stream = createAccountListStream(batch);
  const all = bytes(text);
  for (let at = 0; at < all.length; at += size) stream.push(all.slice(at, at + size));
  return stream.finish();
}

describe('decodeAccountList', () => {
  const body = { accounts, next: 'kept' };

  it('gives what JSON.parse gives for a valid body: the schema transforms nothing (the worker relies on it)', () => {
    const text = JSON.stringify(body);
    const decoded = decodeAccountList(bytes(text).buffer);
    expect(decoded).toEqual({ kind: 'ok', data: JSON.parse(text) as unknown });
  });

  it('names the field that breaks the contract, as the fetch client does', () => {
    const broken = {
      accounts: [accounts[0], { ...accounts[1], balance: { total: '1', blocked: 0, available: 0 } }],
    };
    expect(decodeAccountList(bytes(JSON.stringify(broken)).buffer)).toEqual({
      kind: 'contract',
      field: 'accounts.1.balance.total',
      detail: expect.stringMatching(/^accounts\.1\.balance\.total: /) as string,
    });
  });

  it('says a body is empty, or an HTML page, as the fetch client does', () => {
    expect(decodeAccountList(bytes(' \n').buffer)).toEqual({ kind: 'empty' });
    expect(decodeAccountList(bytes('  <html><body>502</body></html>').buffer)).toEqual({
      kind: 'unreadable',
      reason: 'an HTML page instead of JSON',
    });
  });

  it('says a body is not JSON', () => {
    expect(decodeAccountList(bytes('{"accounts": [').buffer)).toEqual({
      kind: 'unreadable',
      reason: 'a body that is not valid JSON',
    });
  });
});

describe('createAccountListStream', () => {
  const valid = [
    JSON.stringify({ accounts }),
    JSON.stringify({ accounts }, null, 2),
    // Other keys before and after, one with "accounts" in a nested object, escapes in a key.
    `{"version": 2, "meta": {"accounts": 1, "list": [1, {"a": "]"}]}, "acc\\u006funts": ${JSON.stringify(accounts)}, "next": "x"}`,
    '{"accounts": []}',
    ' \r\n{ "accounts" : [ ] } \n',
    `\uFEFF{"accounts":${JSON.stringify(accounts.slice(0, 3))}}`,
  ];

  it.each(valid)('gives what the reference decoding gives, in any chunks and batches: %#', (text) => {
    const reference = decodeAccountList(bytes(text).buffer);
    if (reference.kind !== 'ok') throw new Error(reference.kind);
    for (const size of [1, 3, 7, 64, 100_000])
      for (const batch of [1, 50, 1000, 1 << 19]) expect(streamed(text, size, batch)).toEqual(reference.data);
  });

  const doubtful = [
    ['an element that breaks the contract', JSON.stringify({ accounts: [accounts[0], { tradeName: 7 }] })],
    ['a trailing comma', `{"accounts": [${JSON.stringify(accounts[0])},]}`],
    ['a missing element', `{"accounts": [${JSON.stringify(accounts[0])}, , ${JSON.stringify(accounts[1])}]}`],
    ['a leading comma', `{"accounts": [ , ${JSON.stringify(accounts[1])}]}`],
    ['the array closed by a brace', `{"accounts": [${JSON.stringify(accounts[0])}}}`],
    ['a second accounts key', `{"accounts": [], "accounts": ${JSON.stringify(accounts)}}`],
    ['accounts that are not an array', '{"accounts": {"0": 1}}'],
    ['no accounts', '{"contas": []}'],
    ['text after the body', `{"accounts": []} x`],
    ['a body cut short', JSON.stringify({ accounts }).slice(0, -30)],
    ['an empty body', ''],
    ['an HTML page', '<html><body>Bad gateway</body></html>'],
    ['a list, not an object', JSON.stringify(accounts)],
  ] as const;

  it.each(doubtful)('leaves %s to the reference decoding (null)', (_, text) => {
    for (const size of [1, 5, 100_000])
      for (const batch of [1, 100, 1 << 19]) expect(streamed(text, size, batch)).toBeNull();
  });
});
