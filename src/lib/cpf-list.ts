import { formatCpf, isValidCpf } from './cpf';

/**
 * Reads a list of CPFs as people paste it: masked or not, one per line or separated by commas,
 * semicolons, tabs or spaces, a spreadsheet column with its header, words in between. Pure and linear in
 * the length of the text; nothing here is sent anywhere.
 *
 * What counts as an entry: every run of digits, possibly joined by single dots or dashes
 * (`529.982.247-25`, `52998224725`, `529982247-25`), and a line (or a cell of the CPF column) that holds
 * words but no digit at all (`abc`): the operator pasted it as one of the list. Words beside a CPF on its
 * line (a name) are not entries, nor is a first line without digits that names the CPF column (`CPF`,
 * `CPFs de hoje`): a header. Anything that is not a valid CPF is reported with its line, never dropped
 * in silence: the operator meant something by it.
 *
 * When the first line is a header with a cell named CPF and the lines are split into cells (tab,
 * semicolon or comma), only that column is read, so that phone numbers or dates in other columns are not
 * taken for CPFs.
 */

/** The most CPFs one batch looks up. */
export const MAX_BATCH_CPFS = 1000;

const CPF_LENGTH = 11;
/** A run of digits, joined by single dots or dashes (the CPF mask's punctuation). */
const ENTRY = /\d(?:[.-]?\d)*/g;
const LINE_BREAK = /\r\n|\n|\r/;

export type InvalidCpfReason =
  /** 11 digits whose check digits do not match (or all the same digit). */
  | { kind: 'checkDigits' }
  /**
   * 9 or 10 bare digits that would be a valid CPF with zeros in front: a spreadsheet stored the CPF as a
   * number and dropped its leading zeros. Never completed in silence (it could be another person's CPF);
   * the operator decides.
   */
  | { kind: 'leadingZeros'; completed: string }
  /** Any other number of digits. */
  | { kind: 'length'; digits: number }
  /** Words without a digit where a CPF was expected (`abc`, a name alone on its line). */
  | { kind: 'notACpf' };

export interface InvalidCpfEntry {
  /** 1-based line of the text. */
  line: number;
  /** The entry as written. */
  text: string;
  reason: InvalidCpfReason;
}

export interface CpfListEntry {
  /** 11 digits. */
  cpf: string;
  /** 1-based line of its first appearance. */
  line: number;
}

export interface ParsedCpfList {
  /** Distinct valid CPFs in order of first appearance. */
  cpfs: CpfListEntry[];
  /** Entries that are not valid CPFs, in text order. */
  invalid: InvalidCpfEntry[];
  /** Valid entries, repeats included. */
  validCount: number;
  /** Valid entries that repeat an earlier one (merged into it). */
  repeatCount: number;
  /**
   * The column read, when the first line was a header naming a CPF column: its 0-based index and its
   * header as written. Null when whole lines were read.
   */
  column: { index: number; name: string } | null;
}

function reasonFor(digits: string, written: string): InvalidCpfReason {
  if (digits.length === 0) return { kind: 'notACpf' };
  if (digits.length === CPF_LENGTH) return { kind: 'checkDigits' };
  // Only bare digits: a masked CPF keeps its zeros, so a short masked one is simply short.
  if ((digits.length === 9 || digits.length === 10) && written === digits) {
    const completed = digits.padStart(CPF_LENGTH, '0');
    if (isValidCpf(completed)) return { kind: 'leadingZeros', completed };
  }
  return { kind: 'length', digits: digits.length };
}

const CELL_SEPARATORS = ['\t', ';', ','] as const;
/** A letter of any alphabet: a line with one and no digit was meant as an entry. */
const LETTER = /\p{L}/u;
/** A first line without digits that names the CPF column (`CPF`, `cpf do cliente`, `CPFs de hoje`). */
const CPF_HEADER = /^\W*cpfs?\b/i;
/** How much of a line without digits an entry keeps (a pasted paragraph is not repeated whole). */
const WORDS_SHOWN = 40;

function unquote(cell: string): string {
  return cell
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
}

/** The header's CPF column: its separator and index, when the line has several cells and one is "CPF…". */
function cpfColumn(header: string): { separator: string; index: number; name: string } | null {
  // A line with digits holds entries, not column names.
  if (/\d/.test(header)) return null;
  for (const separator of CELL_SEPARATORS) {
    const cells = header.split(separator);
    if (cells.length < 2) continue;
    const index = cells.findIndex((cell) => /^cpf\b/i.test(unquote(cell)));
    if (index >= 0) return { separator, index, name: unquote(cells[index] ?? '') };
    // The first separator found splits the header; another one would cut its cells again.
    return null;
  }
  return null;
}

interface ScannedEntry {
  /** 0-based index of the line. */
  lineIndex: number;
  /** Where the entry starts in its line. */
  offset: number;
  written: string;
  digits: string;
}

/** Every entry of the text, in order, with where it stands; and the CPF column, if any. */
function scan(text: string): {
  lines: string[];
  entries: ScannedEntry[];
  column: ParsedCpfList['column'];
} {
  const lines = text.split(LINE_BREAK);
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  const column = firstIndex >= 0 ? cpfColumn(lines[firstIndex] ?? '') : null;
  const entries: ScannedEntry[] = [];
  lines.forEach((content, lineIndex) => {
    let source = content;
    let start = 0;
    if (column) {
      if (lineIndex <= firstIndex) return; // the header itself
      const cells = content.split(column.separator);
      source = cells[column.index] ?? '';
      start = cells.slice(0, column.index).reduce((sum, cell) => sum + cell.length + 1, 0);
    }
    let found = false;
    for (const match of source.matchAll(ENTRY)) {
      found = true;
      const written = match[0];
      entries.push({ lineIndex, offset: start + match.index, written, digits: written.replace(/\D/g, '') });
    }
    if (found || !LETTER.test(source)) return;
    // Words and no digit: an entry that is not a CPF, unless it is the header naming the column.
    if (!column && lineIndex === firstIndex && CPF_HEADER.test(source.trim())) return;
    const words = unquote(source);
    const written = words.length > WORDS_SHOWN ? `${words.slice(0, WORDS_SHOWN - 1)}…` : words;
    entries.push({ lineIndex, offset: start + source.indexOf(words), written, digits: '' });
  });
  return { lines, entries, column: column ? { index: column.index, name: column.name } : null };
}

export function parseCpfList(text: string): ParsedCpfList {
  const { entries, column } = scan(text);
  const seen = new Set<string>();
  const cpfs: CpfListEntry[] = [];
  const invalid: InvalidCpfEntry[] = [];
  let validCount = 0;
  let repeatCount = 0;
  for (const { lineIndex, written, digits } of entries) {
    const line = lineIndex + 1;
    // The same rule as the single lookup (isValidCpf): 11 digits, check digits, not all the same.
    if (digits.length === CPF_LENGTH && isValidCpf(digits)) {
      validCount += 1;
      if (seen.has(digits)) repeatCount += 1;
      else {
        seen.add(digits);
        cpfs.push({ cpf: digits, line });
      }
    } else {
      invalid.push({ line, text: written, reason: reasonFor(digits, written) });
    }
  }
  return { cpfs, invalid, validCount, repeatCount, column };
}

/**
 * The text with every entry reported as `leadingZeros` completed with its zeros and masked
 * (`6247311974` → `062.473.119-74`), everything else as it was: what the operator gets by asking for it.
 */
export function completeLeadingZeros(text: string): string {
  const { lines, entries } = scan(text);
  const completed = [...lines];
  // From the end of each line, so that earlier offsets stay right.
  for (const entry of [...entries].reverse()) {
    const reason = reasonFor(entry.digits, entry.written);
    if (reason.kind !== 'leadingZeros') continue;
    const line = completed[entry.lineIndex] ?? '';
    completed[entry.lineIndex] =
      line.slice(0, entry.offset) +
      formatCpf(reason.completed) +
      line.slice(entry.offset + entry.written.length);
  }
  return completed.join('\n');
}

/**
 * The lines of a parsed CSV or text file for the text area: the column named CPF (header included) when
 * the first row has one, else the first column, one cell per line, so that line numbers match the file's
 * rows.
 */
export function cpfColumnLines(rows: ReadonlyArray<readonly string[]>): string {
  const header = rows[0] ?? [];
  const named = header.findIndex((cell) => /^cpf\b/i.test(cell.trim()));
  const index = named >= 0 ? named : 0;
  return rows.map((row) => (row[index] ?? '').trim()).join('\n');
}
