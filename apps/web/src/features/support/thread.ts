import type { InfiniteData } from '@tanstack/react-query';
import type { Page, SupportMessage } from '@candor/contracts';
import { furtherSupportStatus } from '@candor/contracts/support-status';

/**
 * The chat as the page shows it: the server's pages (newest page first, each newest first) turned oldest
 * first, then the messages of this device not yet stored (queued offline, sending, or failed), in the order
 * they were written. A message the server already has (same client id) is shown once, as the server has it.
 */
export interface Pending {
  clientId: string;
  text?: string;
  /** An image waiting to go (kept in memory only: a reload loses it, a text survives in storage). */
  file?: File;
  preview?: string;
  at: string;
  state: 'queued' | 'sending' | 'failed';
}
export type ChatItem = { kind: 'stored'; message: SupportMessage } | { kind: 'pending'; pending: Pending };

export function chatItems(data: InfiniteData<Page<SupportMessage>> | undefined, pending: readonly Pending[]): ChatItem[] {
  const stored = (data?.pages ?? []).flatMap((p) => p.items);
  const seen = new Set<string>();
  const items: ChatItem[] = [];
  for (let i = stored.length - 1; i >= 0; i--) {
    const m = stored[i]!;
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    items.push({ kind: 'stored', message: m });
  }
  const storedClientIds = new Set(stored.filter((m) => m.from === 'user').map((m) => m.clientId));
  for (const p of pending) if (!storedClientIds.has(p.clientId)) items.push({ kind: 'pending', pending: p });
  return items;
}

/**
 * A message from the socket or a send's answer, put into the cached pages: replaced where it is (a status only
 * moves forward: a late `delivered` never undoes `read`), else added as the newest.
 */
export function upsertMessage(data: InfiniteData<Page<SupportMessage>> | undefined, m: SupportMessage): InfiniteData<Page<SupportMessage>> | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((old) => {
      if (old.id !== m.id) return old;
      found = true;
      return { ...old, ...m, status: furtherSupportStatus(old.status, m.status) };
    }),
  }));
  if (!found) {
    const [first, ...rest] = pages;
    return { ...data, pages: [{ ...(first ?? { nextCursor: null }), items: [m, ...(first?.items ?? [])] }, ...rest] };
  }
  return { ...data, pages };
}

/** A fresh client id for a message: a resend carries the same one, so the server stores it once. */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}
