/**
 * The daily proof of liabilities (docs/transparency.md). Sums are integer cents as decimal strings, never
 * negative; hashes are SHA-256 as 64 lowercase hex digits.
 */

/** One sibling on the way from a leaf to the root: `side` is the sibling's side of the pair. */
export interface LiabilitiesProofStep {
  side: 'left' | 'right';
  hash: string;
  sum: string;
}

/** `GET /api/me/liabilities-proof`: the caller's leaf in the latest published tree and the path to its root. */
export interface LiabilitiesProofResponse {
  /** The snapshot's date (platform time zone), YYYY-MM-DD. */
  date: string;
  root: string;
  total: string;
  /** The caller's owed balance at the snapshot: cash + held + in open orders + Yu'e Bao (demo money excluded). */
  balance: string;
  /** HMAC-SHA-256 of `userId|date` under the server's key: the caller's own, never shown to anyone else. */
  salt: string;
  /** SHA-256("L|" + salt + "|" + balance). */
  leaf: string;
  /** From the leaf's sibling up to the root's children. */
  path: LiabilitiesProofStep[];
}

/** One published day: `previous` is the `hash` of the record before it (64 zeros for the first). */
export interface LiabilitiesRecordItem {
  date: string;
  root: string;
  total: string;
  previous: string;
  /** SHA-256("R|" + date + "|" + root + "|" + total + "|" + previous). */
  hash: string;
}

/** `GET /api/transparency/liabilities` (no token): the published chain, oldest first. */
export interface LiabilitiesChainResponse {
  items: LiabilitiesRecordItem[];
}
