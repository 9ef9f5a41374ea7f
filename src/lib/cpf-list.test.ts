// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, formatCpf } from './cpf';
import { completeLeadingZeros, cpfColumnLines, parseCpfList } from './cpf-list';

const digitChar = fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
const validCpf = fc
  .array(digitChar, { minLength: 9, maxLength: 9 })
  .map((chars) => chars.join(''))
  .filter((nine) => !/^(\d)\1*$/.test(nine))
  .map((nine) => `${nine}${cpfCheckDigits(nine)}`);
/** A valid CPF with its last check digit changed: 11 digits that are not a CPF. */
const wrongCheckDigits = validCpf.map((cpf) => `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`);

/** How people write one CPF: bare, masked, half-masked, quoted as a spreadsheet cell. */
const written = (cpf: string) =>
  fc.constantFrom(
    cpf,
    formatCpf(cpf),
    `${cpf.slice(0, 9)}-${cpf.slice(9)}`,
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}${cpf.slice(9)}`,
    `"${formatCpf(cpf)}"`,
  );
const separator = fc.constantFrom('\n', '\r\n', ',', ', ', ';', '; ', '\t', ' ', '  ', '\n\n');
/** Words without digits beside a CPF on its line: names, labels, stray punctuation. */
const junk = fc.constantFrom('CPF', 'cpf', 'Nome', 'Maria da Silva', 'CPFs do dia', '—', '"', 'ok', '.', '-');
/** A first line that names the column, and lines of punctuation only. */
const header = fc.constantFrom('', 'CPF\n', 'cpf\r\n', 'CPFs de hoje\n', 'CPF do cliente\n\n', '—\n');

describe('parseCpfList', () => {
  it('reads the same CPFs from any mix of separators, masks, headers and junk, in order, without repeats', () => {
    fc.assert(
      fc.property(
        fc.array(validCpf, { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.gen(),
        header,
        (cpfs, repeatPicks, gen, head) => {
          // Repeats of CPFs already in the list, placed at the end.
          const repeats = repeatPicks.map((pick) => cpfs[pick % cpfs.length] ?? '');
          const parts = [...cpfs, ...repeats].flatMap((cpf) => {
            const piece = gen(written, cpf);
            return gen(fc.boolean) ? [`${gen(() => junk)} ${piece}`] : [piece];
          });
          const text = head + parts.map((part) => part + gen(() => separator)).join('');
          const parsed = parseCpfList(text);
          const distinct = [...new Set(cpfs)];
          expect(parsed.cpfs.map((entry) => entry.cpf)).toEqual(distinct);
          expect(parsed.invalid).toEqual([]);
          expect(parsed.validCount).toBe(cpfs.length + repeats.length);
          expect(parsed.repeatCount).toBe(cpfs.length + repeats.length - distinct.length);
        },
      ),
    );
  });

  it('reports every invalid entry with its line, never counting it as a CPF', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), validCpf, wrongCheckDigits), { minLength: 1, maxLength: 25 }),
        fc.gen(),
        (rows, gen) => {
          // One entry per line, after a header; a row is either a valid CPF or 11 wrong digits.
          const lines = rows.map(([valid, good, bad]) => gen(written, valid ? good : bad));
          const parsed = parseCpfList(['CPF', ...lines].join('\n'));
          const expectedInvalid = rows.flatMap(([valid, , bad], index) =>
            valid ? [] : [{ line: index + 2, digits: bad }],
          );
          expect(
            parsed.invalid.map((entry) => ({ line: entry.line, digits: entry.text.replace(/\D/g, '') })),
          ).toEqual(expectedInvalid);
          expect(parsed.invalid.every((entry) => entry.reason.kind === 'checkDigits')).toBe(true);
          expect(parsed.cpfs.map((entry) => entry.cpf)).toEqual([
            ...new Set(rows.filter(([valid]) => valid).map(([, good]) => good)),
          ]);
        },
      ),
    );
  });

  it('counts "38 válidos · 2 inválidos · 2 repetidos" the way the screen says it', () => {
    const text = [
      '529.982.247-25',
      '11144477735, 123.456.789-09',
      '529.982.247-26', // wrong check digit
      '52998224725', // repeat
      '12345', // too short
      '123.456.789-09', // repeat
    ].join('\n');
    const parsed = parseCpfList(text);
    expect(parsed.cpfs).toEqual([
      { cpf: '52998224725', line: 1 },
      { cpf: '11144477735', line: 2 },
      { cpf: '12345678909', line: 2 },
    ]);
    expect(parsed.validCount).toBe(5);
    expect(parsed.repeatCount).toBe(2);
    expect(parsed.invalid).toEqual([
      { line: 3, text: '529.982.247-26', reason: { kind: 'checkDigits' } },
      { line: 5, text: '12345', reason: { kind: 'length', digits: 5 } },
    ]);
  });

  it('reports a line of words without a digit as not a CPF, with its line; a header naming the column is not one', () => {
    const parsed = parseCpfList(
      ['CPF', '529.982.247-25', 'abc', 'Maria da Silva 111.444.777-35', '—', '  "Lista de sexta"  '].join(
        '\n',
      ),
    );
    expect(parsed.cpfs.map((entry) => entry.line)).toEqual([2, 4]);
    expect(parsed.invalid).toEqual([
      { line: 3, text: 'abc', reason: { kind: 'notACpf' } },
      { line: 6, text: 'Lista de sexta', reason: { kind: 'notACpf' } },
    ]);
    // A first line of words that does not name the column is an entry like any other.
    expect(parseCpfList('abc\n52998224725').invalid).toEqual([
      { line: 1, text: 'abc', reason: { kind: 'notACpf' } },
    ]);
    // In the CPF column of a sheet, a cell of words is one too; the other columns are not read.
    expect(parseCpfList('Nome;CPF\nAna;abc\nBia;529.982.247-25').invalid).toEqual([
      { line: 2, text: 'abc', reason: { kind: 'notACpf' } },
    ]);
    expect(parseCpfList('x'.repeat(60)).invalid[0]?.text).toBe(`${'x'.repeat(39)}…`);
    // Completing zeros leaves such a line as it was.
    expect(completeLeadingZeros('abc\n6247311974')).toBe('abc\n062.473.119-74');
  });

  it('refuses all-equal digits as the single lookup does', () => {
    expect(parseCpfList('111.111.111-11').invalid).toEqual([
      { line: 1, text: '111.111.111-11', reason: { kind: 'checkDigits' } },
    ]);
  });

  it('flags a CPF that lost its leading zeros in a spreadsheet, and never completes it by itself', () => {
    // 06247311974 stored as a number: 6247311974.
    const parsed = parseCpfList('CPF\n6247311974\n529.982.247-25');
    expect(parsed.cpfs.map((entry) => entry.cpf)).toEqual(['52998224725']);
    expect(parsed.invalid).toEqual([
      { line: 2, text: '6247311974', reason: { kind: 'leadingZeros', completed: '06247311974' } },
    ]);
    // A masked short CPF kept its punctuation, so its zeros were not dropped by a spreadsheet.
    expect(parseCpfList('624.731.197-4').invalid[0]?.reason.kind).toBe('length');
    // Ten digits that stay invalid with a zero in front are just too short.
    expect(parseCpfList('1234567891').invalid[0]?.reason).toEqual({ kind: 'length', digits: 10 });
  });

  it('completes leading zeros only when asked, only where they were lost', () => {
    expect(completeLeadingZeros('CPF\n6247311974; 529.982.247-25\n1234567891')).toBe(
      'CPF\n062.473.119-74; 529.982.247-25\n1234567891',
    );
  });

  it('reads only the column named CPF when the header has one', () => {
    const text = [
      'Nome;CPF;Telefone',
      'Maria;529.982.247-25;11987654321',
      'João;111.444.777-35;2133334444',
      'Ana;6247311974;',
    ].join('\n');
    const parsed = parseCpfList(text);
    expect(parsed.column).toEqual({ index: 1, name: 'CPF' });
    expect(parsed.cpfs).toEqual([
      { cpf: '52998224725', line: 2 },
      { cpf: '11144477735', line: 3 },
    ]);
    expect(parsed.invalid).toEqual([
      { line: 4, text: '6247311974', reason: { kind: 'leadingZeros', completed: '06247311974' } },
    ]);
    expect(completeLeadingZeros(text).split('\n')[3]).toBe('Ana;062.473.119-74;');
    // Tab-separated, as a spreadsheet copies it.
    expect(parseCpfList('Nome\tCPF\nMaria\t52998224725\t').cpfs).toEqual([{ cpf: '52998224725', line: 2 }]);
  });

  it('reads the whole line when no header names a CPF column', () => {
    const parsed = parseCpfList('Maria;529.982.247-25\nJoão;111.444.777-35');
    expect(parsed.column).toBeNull();
    expect(parsed.cpfs.map((entry) => entry.cpf)).toEqual(['52998224725', '11144477735']);
  });

  it('is empty for text without digits', () => {
    expect(parseCpfList('')).toEqual({ cpfs: [], invalid: [], validCount: 0, repeatCount: 0, column: null });
    expect(parseCpfList('CPF\n\n  \n').cpfs).toEqual([]);
  });
});

describe('cpfColumnLines', () => {
  it('takes the column named CPF, header included, else the first column', () => {
    expect(cpfColumnLines([['Nome', 'CPF'], ['Maria', '529.982.247-25'], ['João']])).toBe(
      'CPF\n529.982.247-25\n',
    );
    expect(cpfColumnLines([['52998224725', 'x'], [' 11144477735 ']])).toBe('52998224725\n11144477735');
  });
});
