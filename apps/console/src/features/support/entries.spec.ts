import { describe, expect, it } from '@jest/globals';
import type { AdminSupportEntry, AdminSupportMessage, SupportNote } from '@candor/contracts';
import { upsertEntry } from './entries';

const message = (status: AdminSupportMessage['status'], text = 'hello'): AdminSupportMessage => ({
  id: 'm1',
  clientId: 'client-1',
  conversationId: 'c1',
  userId: 'u1',
  kind: 'message',
  from: 'agent',
  text,
  at: '2026-12-03T10:00:00.000Z',
  status,
  operatorEmail: 'agent@example.com',
});
const note: SupportNote = { id: 'n1', conversationId: 'c1', kind: 'note', text: 'internal', operatorEmail: null, at: '2026-12-03T10:00:01.000Z' };
const pages = (...items: AdminSupportEntry[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [null] });

describe('upsertEntry', () => {
  it("keeps `read` when the reply's own answer, saying `sent`, arrives after the socket's `read`", () => {
    const after = upsertEntry(pages(message('read')), message('sent'))!;
    expect(after.pages[0]!.items).toEqual([message('read')]);
  });

  it('moves a status forward and takes the rest of the newer report', () => {
    const after = upsertEntry(pages(message('sent', 'old text')), message('delivered', 'new text'))!;
    expect(after.pages[0]!.items).toEqual([message('delivered', 'new text')]);
  });

  it('adds an entry it does not have as the newest, and a note never replaces a message of the same id', () => {
    const after = upsertEntry(pages(message('sent')), { ...note, id: 'm1' })!;
    expect(after.pages[0]!.items.map((e) => e.kind)).toEqual(['note', 'message']);
    expect(upsertEntry(undefined, note)).toBeUndefined();
  });
});
