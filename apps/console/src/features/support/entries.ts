import type { InfiniteData } from '@tanstack/react-query';
import type { AdminSupportEntry, Page } from '@candor/contracts';
import { furtherSupportStatus } from '@candor/contracts/support-status';

/** A conversation's messages and notes as cached: the server's pages, newest first. */
export type Entries = InfiniteData<Page<AdminSupportEntry>>;

/**
 * A message or note from the socket or an answer, into the cached pages: replaced where it is, else the newest.
 * A message's status only moves forward: the reply's own answer can come after the socket said the user read it.
 */
export function upsertEntry(data: Entries | undefined, entry: AdminSupportEntry): Entries | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    items: p.items.map((e) => {
      if (e.id !== entry.id || e.kind !== entry.kind) return e;
      found = true;
      return e.kind === 'message' && entry.kind === 'message' ? { ...entry, status: furtherSupportStatus(e.status, entry.status) } : entry;
    }),
  }));
  if (found) return { ...data, pages };
  const [first, ...rest] = pages;
  return { ...data, pages: [{ items: [entry, ...(first?.items ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest] };
}
