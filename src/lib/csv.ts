import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula: starting with `=`, `+`, `-`, `@`, tab or CR (Papa Parse's
 * own rule), except a plain negative number such as `-1234,56`, which must stay a number.
 */
const FORMULA_START = /^(?!-\d+(?:[.,]\d+)*$)[=+\-@\t\r]/;

/** A UTF-8 byte order mark: without it, Excel opens a UTF-8 CSV as Windows-1252 and garbles accents. */
const BOM = '\uFEFF';

/**
 * A CSV text in the Brazilian spreadsheet convention: `;` between fields (the comma is the decimal
 * separator), CRLF between lines, a BOM in front. Papa Parse quotes what needs quoting and, with
 * `escapeFormulae`, prefixes cells that start like a formula with a quote, so that provider text can
 * never run as a spreadsheet formula (CSV injection).
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return (
    BOM +
    Papa.unparse(
      { fields: [...header], data: rows.map((row) => [...row]) },
      { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA_START, quotes: false },
    )
  );
}

/** Offers a text as a file download (a Blob behind a short-lived object URL; no data: URL). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadFile(fileName, new Blob([text], { type }));
}

/** Offers a file's contents (e.g. built in a Web Worker) as a download, behind a short-lived object URL. */
export function downloadFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; give the browser a moment before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `cartoes-diario-2026-11-21-1432.csv`: a file name stamped with the local date and time. */
export function stampedFileName(prefix: string, now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${prefix}-${date}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}

const DELIMITERS = [';', ',', '\t', '|'] as const;

/** The delimiter of a CSV text: the candidate found most often, outside quotes, in its first line. */
function guessDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = DELIMITERS[0];
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The rows of a CSV text, cells as text: the delimiter is the one of `;`, `,`, tab and `|` its first line
 * uses most, quotes are honoured (Papa Parse), a leading BOM is dropped, empty lines are kept (so that
 * row N is line N of a simple file).
 */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(body, { delimiter: guessDelimiter(body), skipEmptyLines: false }).data;
}
