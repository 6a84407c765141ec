/**
 * Postgres array literals for the ledger's batch calls, written in one pass: node-postgres' own
 * element-by-element conversion was a large part of the worker's CPU in a settlement burst. Postgres reads them
 * as the same values; they go as text parameters cast in SQL (`$1::bigint[]`) (docs/internals.md, "Array parameters").
 */

/** Ids and integers need no quoting: digits, hex and dashes only (a uuid, a bigint id as text). */
const PLAIN = /^-?[0-9A-Fa-f][0-9A-Fa-f-]*$/;
const NEEDS_ESCAPE = /[\\"]/;

/**
 * `{1,2,NULL}` from integers, id strings (bigint ids, uuids) and nulls. Anything else throws: such a
 * value would need quoting and belongs in `pgTextArray`.
 */
export function pgPlainArray(values: readonly (string | number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let text: string;
    if (v === null || v === undefined) text = 'NULL';
    else if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) throw new Error(`pgPlainArray: ${v} is not a safe integer`);
      text = String(v);
    } else if (typeof v === 'string' && PLAIN.test(v)) text = v;
    else throw new Error(`pgPlainArray: ${JSON.stringify(v)} is not an id or an integer`);
    out += i === 0 ? text : `,${text}`;
  }
  return `${out}}`;
}

/** `{"a","b",NULL}` from strings and nulls: every string quoted, backslashes and quotes escaped. */
export function pgTextArray(values: readonly (string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v !== 'string') throw new Error(`pgTextArray: ${JSON.stringify(v)} is not a string`);
    else out += NEEDS_ESCAPE.test(v) ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
  }
  return `${out}}`;
}
