import Papa from 'papaparse';
import type { CsvTypedText } from './csvText';

export { asTypedText, type CsvTypedText } from './csvText';

export type CsvValue = string | number | boolean | Date | CsvTypedText | null | undefined;

/** One column of an exported list: its heading and how a row gives its cell. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** Only these characters may stand inside the string literal of a typed-text cell. */
const LITERAL_SAFE = /^[0-9 +()./-]+$/;
/** What a spreadsheet takes for the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text defused below: an apostrophe before what would be a formula. */
const DEFUSED = /^'[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, with an apostrophe before it: exported names come from other people. */
const defused = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

function cell(value: CsvValue): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return LITERAL_SAFE.test(value.typedText) ? `="${value.typedText}"` : defused(value.typedText);
  return typeof value === 'string' ? defused(value) : value;
}

/**
 * RFC 4180 text (comma-separated, CRLF, quoted where needed) with a byte-order mark so spreadsheet
 * programs read accents and non-Latin names as UTF-8. Text that a spreadsheet would run as a
 * formula (=, +, -, @ first) is prefixed with an apostrophe: exported names come from other people;
 * numbers stay numbers (a negative one is no formula), and typed text (`asTypedText`) shows as typed.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const body = Papa.unparse(
    { fields: columns.map((column) => defused(column.header)), data: rows.map((row) => columns.map((column) => cell(column.value(row)))) },
    // Defused text is quoted as well, as Papa's own escapeFormulae does.
    { newline: '\r\n', quotes: (value: unknown) => typeof value === 'string' && DEFUSED.test(value) },
  );
  // Papa leaves off the last line's end except after a lone heading; every line ends alike here.
  return `\uFEFF${body.endsWith('\r\n') ? body : `${body}\r\n`}`;
}

/** `organizations-2026-11-05.csv`: the list's name and the local date of the export. */
export function csvFileName(listName: string, date: Date = new Date()): string {
  const slug =
    listName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'list';
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `${slug}-${day}.csv`;
}

/** Hands a text file to the browser's download; nothing leaves the page. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; free it once they have.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A CSV file read in the browser: its header row and a record per line, keyed by header. */
export type ParsedCsv = { headers: string[]; rows: Record<string, string>[] };

/**
 * Reads a CSV file (header row first; a byte-order mark and blank lines are ignored). The
 * delimiter is the header row's: a comma, or the semicolon some spreadsheets save with; a cell
 * may hold the other one.
 */
export async function parseCsv(file: Blob): Promise<ParsedCsv> {
  // One kind of line end, however the file was edited: Papa would take the first kind for all.
  const text = (await file.text()).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const firstLine = text.slice(0, text.search(/\n|$/));
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    delimiter,
    newline: '\n',
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  return { headers: result.meta.fields ?? [], rows: result.data };
}
