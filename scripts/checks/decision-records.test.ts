import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Decision records are immutable (docs/decisions/README.md): each is held to the SHA-256 listed in
 * docs/decisions/records.sha256. A changed decision is a new record that supersedes the old one.
 */
const folder = path.resolve('docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const listed = new Map(
  readFileSync(path.join(folder, 'records.sha256'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash = '', name = ''] = line.split(/\s+\*?/);
      return [name, hash] as const;
    }),
);

describe('decision records', () => {
  it('finds the records and their list', () => {
    expect(records.length).toBeGreaterThanOrEqual(19);
    expect([...listed.keys()].sort()).toEqual([...records].sort());
  });

  it.each(records)('%s is as it was written (a change is a new record)', (name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    expect(text.startsWith(`# ${name.slice(0, 3)}: `), 'its title starts with its number').toBe(true);
    expect(text, 'it says its status').toMatch(/^Status: /m);
    const hash = createHash('sha256').update(text).digest('hex');
    expect(hash, `${name} changed: write a new record that supersedes it`).toBe(listed.get(name));
  });
});
