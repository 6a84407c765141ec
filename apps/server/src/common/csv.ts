import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would read as a formula (or a formula after a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number such as a negative amount: a spreadsheet reads it as the number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One cell made safe to open in a spreadsheet: text that would start a formula gets a leading quote. */
export function defuseCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Rows as CSV with a header row, every text cell defused against formula injection; null is an empty cell. */
export function toCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  return stringify(rows as T[], {
    header: true,
    columns: [...columns],
    cast: { string: defuseCsvCell, object: (v) => defuseCsvCell(JSON.stringify(v)) },
  });
}
