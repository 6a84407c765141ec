import { alertDirectionFor, alertLevelProblem, alertLevelText, type AlertDirection } from '@candor/domain';

/** What a typed alert level means against the current price. */
export type LevelState =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'equal' }
  | { kind: 'ok'; level: string; direction: AlertDirection }
  /** No current price to compare with: the server decides. */
  | { kind: 'unknown'; level: string };

/**
 * The level as the server reads it: spaces dropped, full-width digits and dot (an IME's) as ASCII, and a
 * decimal comma (de, fr) as a dot when there is no dot. Nothing else is changed: a mistyped level is shown as
 * it was typed and said to be wrong, never corrected behind the reader's back.
 */
export function wireLevel(raw: string): string {
  const ascii = raw.replace(/[\uff10-\uff19\uff0e\uff0c]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\s+/g, '');
  return ascii.includes('.') ? ascii : ascii.replace(/^(\d+),(\d+)$/, '$1.$2');
}

/** Whether `raw` is a level for a product of `precision` decimals, and which side of `price` it lies on. */
export function levelState(raw: string, price: string | null | undefined, precision: number): LevelState {
  const text = wireLevel(raw);
  if (text === '') return { kind: 'empty' };
  if (!/^\d+(\.\d+)?$/.test(text) || alertLevelProblem(text, precision)) return { kind: 'invalid' };
  const level = alertLevelText(text, precision);
  if (!price) return { kind: 'unknown', level };
  const direction = alertDirectionFor(level, price);
  return direction ? { kind: 'ok', level, direction } : { kind: 'equal' };
}
