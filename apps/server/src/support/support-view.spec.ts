import { describe, expect, it } from '@jest/globals';
import type { SupportMessageRow } from './support.repository.js';
import { previewOf, pushMessages, toAgentMessage, toUserMessage } from './support-view.js';

const row = (over: Partial<SupportMessageRow> = {}): SupportMessageRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  conversation_id: '22222222-2222-4222-8222-222222222222',
  user_id: '33333333-3333-4333-8333-333333333333',
  sender: 'agent',
  client_id: 'abcdefgh',
  operator_email: 'agent@candor.test',
  body: 'hello',
  upload_id: null,
  status: 'sent',
  created_at: new Date('2026-12-02T10:00:00.000Z'),
  position: '2026-12-02T10:00:00.000000Z',
  ...over,
});

describe('support views', () => {
  it("gives the user no operator, conversation or upload, and the user's own image path", () => {
    expect(toUserMessage(row())).toEqual({ id: row().id, clientId: 'abcdefgh', from: 'agent', text: 'hello', at: '2026-12-02T10:00:00.000Z', status: 'sent' });
    const image = toUserMessage(row({ body: null, upload_id: '44444444-4444-4444-8444-444444444444' }));
    expect(image).not.toHaveProperty('text');
    expect(image.imageUrl).toBe(`/api/support/images/${row().id}`);
    expect(JSON.stringify(image)).not.toContain('44444444');
  });

  it('gives agents the conversation, the user and the console image path', () => {
    const m = toAgentMessage(row({ body: null, upload_id: '44444444-4444-4444-8444-444444444444' }));
    expect(m).toMatchObject({ conversationId: row().conversation_id, userId: row().user_id, kind: 'message', operatorEmail: 'agent@candor.test' });
    expect(m.imageUrl).toBe(`/api/admin/support/images/${row().id}`);
  });

  it('previews the start of a text on one line, nothing for an image', () => {
    expect(previewOf('a\n  b\tc')).toBe('a b c');
    expect(previewOf('x'.repeat(500))).toHaveLength(120);
    expect(previewOf(null)).toBe('');
  });

  it("pushes the user's shape to user:ID and the agents' shape to the agents' room", () => {
    const sent: [string, string, unknown][] = [];
    const server = { to: (room: string) => ({ emit: (event: string, payload: unknown) => sent.push([room, event, payload]) }) };
    pushMessages({ server } as never, [row()]);
    expect(sent.map(([room, event]) => [room, event])).toEqual([
      [`user:${row().user_id}`, 'support'],
      ['agents:support', 'support'],
    ]);
    expect(sent[0]![2]).not.toHaveProperty('operatorEmail');
    expect(sent[1]![2]).toHaveProperty('operatorEmail', 'agent@candor.test');
    pushMessages({ server: undefined } as never, [row()]);
    expect(sent).toHaveLength(2);
  });
});
