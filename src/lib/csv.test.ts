import Papa from 'papaparse';
import { parseCsv, stampedFileName, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, semicolons and CRLF, quoting only what needs it', () => {
    const csv = toCsv(
      ['Nome', 'Valor'],
      [
        ['Padaria São João', '1.234,56'],
        ['Tem; ponto e vírgula', 'aspas "duplas"'],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe(
      'Nome;Valor\r\nPadaria São João;1.234,56\r\n"Tem; ponto e vírgula";"aspas ""duplas"""',
    );
  });

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    const csv = toCsv(['a', 'b', 'c'], [['=HYPERLINK("x")', '+1', '@SUM(A1)']]);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' });
    expect(parsed.data[1]).toEqual(['\'=HYPERLINK("x")', "'+1", "'@SUM(A1)"]);
  });

  it('round-trips through a parser', () => {
    const rows = [['Ação', 'linha\nquebrada', '']];
    const parsed = Papa.parse<string[]>(toCsv(['x', 'y', 'z'], rows).slice(1), { delimiter: ';' });
    expect(parsed.data).toEqual([['x', 'y', 'z'], ...rows]);
  });
});

describe('stampedFileName', () => {
  it('stamps the local date and time', () => {
    expect(stampedFileName('contas', new Date(2026, 10, 21, 9, 5))).toBe('contas-2026-11-21-0905.csv');
  });
});

describe('parseCsv', () => {
  it('guesses the delimiter, honours quotes, drops the BOM and keeps empty lines in place', () => {
    expect(parseCsv('\uFEFFNome;CPF\r\n"Silva; Maria";529.982.247-25\r\n\r\nJoão;11144477735')).toEqual([
      ['Nome', 'CPF'],
      ['Silva; Maria', '529.982.247-25'],
      [''],
      ['João', '11144477735'],
    ]);
    expect(parseCsv('CPF,Nome\n52998224725,Maria')).toEqual([
      ['CPF', 'Nome'],
      ['52998224725', 'Maria'],
    ]);
  });

  it('reads back what toCsv wrote', () => {
    const rows = [['1', '529.982.247-25', 'PRP-2026-000123', 'Aprovada']];
    expect(parseCsv(toCsv(['Linha', 'CPF', 'Código', 'Status'], rows))).toEqual([
      ['Linha', 'CPF', 'Código', 'Status'],
      ...rows,
    ]);
  });
});
