import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Decision records keep one template (docs/decisions/README.md): `# NNN: Title`, then exactly the four
 * headings Context, Decision, Consequences and Status, on one page. The Status line is the only part of
 * a record that changes once written ("Superseded by 0NN", "Amended by 0NN: …"), and the README lists
 * every record with that same status.
 */
const folder = path.resolve('docs/decisions');

/** One page: Epic Stack's records have a median of 289 words and a longest of 968. */
const WORD_LIMIT = 450;

const HEADINGS = ['Context', 'Decision', 'Consequences', 'Status'];

/** What a record's Status line may say; a record it names must exist and be later than it. */
const STATUS = /^(Accepted|Superseded by (\d{3})|Amended by (\d{3}))\b/;

interface RecordProblems {
  problems: string[];
  status: string | undefined;
}

/** What is wrong with one record's text, given its file name; its status line when it has one. */
function checkRecord(name: string, text: string): RecordProblems {
  const problems: string[] = [];
  const number = name.slice(0, 3);
  const lines = text.split('\n');
  if (!/^# \d{3}: \S/.test(lines[0] ?? '') || !lines[0]?.startsWith(`# ${number}: `))
    problems.push(`its title is not "# ${number}: Title"`);
  const headings = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3).trim());
  if (headings.join('|') !== HEADINGS.join('|'))
    problems.push(`its headings are ${JSON.stringify(headings)}, not ${JSON.stringify(HEADINGS)}`);
  if (lines.some((line) => /^#{3,} /.test(line))) problems.push('it has headings below the four');
  if (lines.some((line) => /^\|.*\|\s*$/.test(line)))
    problems.push('it holds a table (figures go to the log)');
  const words = text.split(/\s+/).filter(Boolean).length;
  if (words > WORD_LIMIT) problems.push(`${words} words, over ${WORD_LIMIT}`);
  const statusAt = lines.indexOf('## Status');
  const status = lines.slice(statusAt + 1).find((line) => line.trim() !== '');
  if (statusAt < 0 || status === undefined) problems.push('it has no Status line');
  else if (!STATUS.test(status))
    problems.push(`its status "${status}" is not Accepted, Superseded by 0NN or Amended by 0NN`);
  return { problems, status: statusAt < 0 ? undefined : status?.trim() };
}

/** The README's rows: the file each links and the status it gives. */
function listedRecords(readme: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of readme.matchAll(/^\| \[[^\]]*\]\((\d{3}-[^)]+\.md)\) +\| (.*?) +\|$/gm))
    rows.set(match[1] ?? '', match[2] ?? '');
  return rows;
}

const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const read = (name: string) => readFileSync(path.join(folder, name), 'utf8');

describe('decision records', () => {
  it('finds the records, one number each', () => {
    expect(records.length).toBeGreaterThanOrEqual(28);
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)('%s keeps the template, on one page', (name) => {
    expect(checkRecord(name, read(name)).problems).toEqual([]);
  });

  it.each(records)('%s names only earlier records in its status, and later ones as amending it', (name) => {
    const { status = '' } = checkRecord(name, read(name));
    // "Amended by 019, 021, 025 and 028: …": the records named before the colon.
    const lead = /^(?:Superseded|Amended) by ((?:\d{3}(?:, | and )?)+)/.exec(status)?.[1] ?? '';
    const named = lead.match(/\d{3}/g) ?? [];
    for (const number of named) {
      expect(
        records.some((other) => other.startsWith(`${number}-`)),
        `${number} is a record`,
      ).toBe(true);
      expect(Number(number), `${name}: a record is amended or superseded by a later one`).toBeGreaterThan(
        Number(name.slice(0, 3)),
      );
    }
  });

  it('lists every record in the README with the status the record gives', () => {
    const listed = listedRecords(read('README.md'));
    expect([...listed.keys()].sort()).toEqual(records);
    for (const name of records) expect(listed.get(name), name).toBe(checkRecord(name, read(name)).status);
  });
});

describe('the record check', () => {
  const good = [
    '# 030: A title',
    '',
    '## Context',
    'Why.',
    '## Decision',
    'What.',
    '## Consequences',
    'Then.',
    '## Status',
    '',
    'Amended by 031: the part that changed.',
    '',
  ].join('\n');

  it('passes a record on the template', () => {
    expect(checkRecord('030-a-title.md', good)).toEqual({
      problems: [],
      status: 'Amended by 031: the part that changed.',
    });
  });

  it('refuses a wrong number, a missing or extra heading, a table, a free status and a second page', () => {
    const problems = (text: string) => checkRecord('030-a-title.md', text).problems;
    expect(problems(good.replace('# 030:', '# 031:'))).toHaveLength(1);
    expect(problems(good.replace('## Consequences\n', ''))).toHaveLength(1);
    expect(problems(good.replace('## Decision', '## Decision\n### Options'))).toHaveLength(1);
    expect(problems(good.replace('What.', '| figure | ms |\n| --- | --- |\n| a | 1 |'))).toHaveLength(1);
    expect(problems(good.replace('Amended by 031', 'Mostly done'))).toHaveLength(1);
    expect(problems(good.replace('Then.', 'word '.repeat(WORD_LIMIT)))).toHaveLength(1);
    expect(problems(good.replace(/## Status[\s\S]*/, '## Status\n'))).toEqual(['it has no Status line']);
  });

  it('reads the README rows', () => {
    expect(listedRecords('| [030 A title](030-a-title.md) | Superseded by 031.  |\n| other | row |')).toEqual(
      new Map([['030-a-title.md', 'Superseded by 031.']]),
    );
  });
});
