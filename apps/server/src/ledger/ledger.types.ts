import type { Cents } from '@candor/domain';
import type { EntryType, UserAccountKind } from '@candor/db';

export interface PostingSpec {
  accountId: string;
  amount: Cents;
}

export interface EntrySpec {
  type: EntryType;
  userId?: string | null;
  refType?: string | null;
  refId?: string | null;
  /** A unique key makes the entry idempotent: posting the same key twice is a no-op returning null. */
  uniqueKey?: string | null;
  memo?: string | null;
  postings: PostingSpec[];
}

export interface PostedEntry {
  id: string;
  entryNo: string;
}

export type UserBalances = Record<UserAccountKind, Cents>;

/** A user's ledger account ids by kind (opened at registration, never changed or removed). */
export type UserAccountIds = Readonly<Record<UserAccountKind, string>>;

/**
 * A set of entries selected by SQL, for `LedgerService.postSet`: `entries` selects one row per entry
 * (type, user_id, ref_type, ref_id, unique_key, memo, accounts bigint[], amounts bigint[]); `ctes` are WITH
 * items it may read, data-modifying ones included; `params` their parameters. Written by the feature's repository.
 */
export interface EntrySet {
  ctes: string;
  entries: string;
  params: readonly unknown[];
}

/** What `postSet` did: entries posted, keys already posted (skipped), and the sum of the positive postings. */
export interface PostedSet {
  posted: number;
  duplicate: number;
  moved: Cents;
}
