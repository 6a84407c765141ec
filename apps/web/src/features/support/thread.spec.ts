import { describe, expect, it } from '@jest/globals';
import type { InfiniteData } from '@tanstack/react-query';
import type { Page, SupportMessage } from '@candor/contracts';
import { chatItems, newClientId, upsertMessage, type Pending } from './thread';

const msg = (id: string, over: Partial<SupportMessage> = {}): SupportMessage => ({
  id,
  clientId: `c-${id}`,
  from: 'user',
  text: id,
  at: '2026-12-02T10:00:00.000Z',
  status: 'sent',
  ...over,
});
const data = (...pages: SupportMessage[][]): InfiniteData<Page<SupportMessage>> => ({
  pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `p${i}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `p${i - 1}`)),
});

describe('support thread', () => {
  it('shows the pages oldest first, then what is not stored yet', () => {
    const pending: Pending[] = [
      { clientId: 'c-3', text: 'three', at: 'x', state: 'sending' },
      { clientId: 'q1', text: 'queued', at: 'x', state: 'queued' },
    ];
    const items = chatItems(data([msg('3'), msg('2')], [msg('1')]), pending);
    expect(items.map((i) => (i.kind === 'stored' ? i.message.id : i.pending.clientId))).toEqual(['1', '2', '3', 'q1']);
  });

  it('replaces a message in place and never moves its status back', () => {
    const d = data([msg('2'), msg('1', { status: 'read' })]);
    const later = upsertMessage(d, msg('1', { status: 'delivered' }))!;
    expect(later.pages[0]!.items[1]!.status).toBe('read');
    const read = upsertMessage(d, msg('2', { status: 'read' }))!;
    expect(read.pages[0]!.items.map((m) => [m.id, m.status])).toEqual([
      ['2', 'read'],
      ['1', 'read'],
    ]);
  });

  it('adds a new message as the newest', () => {
    const d = upsertMessage(data([msg('1')]), msg('2', { from: 'agent' }))!;
    expect(d.pages[0]!.items.map((m) => m.id)).toEqual(['2', '1']);
    expect(upsertMessage(undefined, msg('3'))).toBeUndefined();
  });

  it('makes client ids the server accepts', () => {
    expect(newClientId(() => '0b6f9c1e-6f7a-4a59-9a0f-2c2f1c3e4d5a')).toBe('0b6f9c1e6f7a4a599a0f2c2f1c3e4d5a');
    expect(newClientId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
