import { describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { channel } from '@candor/contracts';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { MessagesRepository, type MessageRow } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { SystemMessages } from './system-messages.js';

const em = { name: 'a transaction' } as unknown as EntityManager;
const row = (over: Partial<MessageRow> = {}): MessageRow => ({
  id: '5',
  text_key: null,
  vars: {},
  titles: { 'zh-TW': '平台公告', en: 'Platform notice' },
  bodies: { 'zh-TW': '系統維護', en: 'Maintenance tonight' },
  created_at: new Date('2026-12-01T00:00:00Z'),
  read: false,
  ...over,
});

/** A gateway whose server records each `to(room).emit(event, body)` (and each broadcast, room null). */
function socketServer() {
  const emitted: { room: string | null; event: string; body: unknown }[] = [];
  const server = {
    to: (room: string) => ({ emit: (event: string, body: unknown) => emitted.push({ room, event, body }) }),
    emit: (event: string, body: unknown) => emitted.push({ room: null, event, body }),
  };
  return { gateway: { server } as unknown as RealtimeGateway, emitted };
}

describe('MessagesService', () => {
  function setup() {
    const { gateway, emitted } = socketServer();
    const { sut: built, mocks } = newTestService(MessagesService, [[RealtimeGateway, gateway]]);
    const sut = built as MessagesService; // the harness answers `unknown` for the service's type
    mocks.get<DataSource>(DataSource).transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) as never);
    return { sut, repo: mocks.get<MessagesRepository>(MessagesRepository), audit: mocks.get<AuditService>(AuditService), emitted };
  }

  it('marks a visible message read; an id already read is fine, a foreign or malformed one is 404, one beyond bigint 400', async () => {
    const { sut, repo } = setup();
    repo.markRead.mockResolvedValueOnce(true);
    await expect(sut.markRead('u1', '5')).resolves.toBeUndefined();
    expect(repo.isVisible).not.toHaveBeenCalled();
    repo.markRead.mockResolvedValueOnce(false);
    repo.isVisible.mockResolvedValueOnce(true);
    await expect(sut.markRead('u1', '5')).resolves.toBeUndefined();
    repo.markRead.mockResolvedValueOnce(false);
    repo.isVisible.mockResolvedValueOnce(false);
    await expect(sut.markRead('u1', '6')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.markRead.mockClear();
    await expect(sut.markRead('u1', 'abc')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(sut.markRead('u1', '99999999999999999999')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
    expect(repo.markRead).not.toHaveBeenCalled();
  });

  it('pages newest first: one row more than the page tells there is a next page, whose cursor is the last id shown', async () => {
    const { sut, repo } = setup();
    repo.listForUser.mockResolvedValue([row({ id: '9' }), row({ id: '8' }), row({ id: '7' })]);
    const page = await sut.list('u1', 'en', { limit: 2, cursor: '10' });
    expect(repo.listForUser).toHaveBeenCalledWith('u1', '10', 3);
    expect(page.items.map((m) => [m.id, m.title])).toEqual([
      ['9', 'Platform notice'],
      ['8', 'Platform notice'],
    ]);
    expect(page.nextCursor).toBe('8');
    repo.listForUser.mockResolvedValue([row({ id: '9' })]);
    expect((await sut.list('u1', 'ja', {})).items[0]!.title).toBe('平台公告');
  });

  it("an operator's message to an unknown user is refused; a broadcast is stored, audited and pushed to every socket", async () => {
    const { sut, repo, audit, emitted } = setup();
    repo.userExists.mockResolvedValueOnce(false);
    const title = { 'zh-TW': '平台公告' };
    await expect(sut.send('op1', { userId: '00000000-0000-4000-8000-000000000000', title, body: title }, null)).rejects.toMatchObject({ field: 'userId' });
    expect(repo.insertFromOperator).not.toHaveBeenCalled();
    repo.insertFromOperator.mockResolvedValueOnce(row());
    expect(await sut.send('op1', { title, body: { 'zh-TW': '系統維護' } }, '10.0.0.1')).toMatchObject({ id: '5', title: '平台公告', read: false });
    expect(repo.insertFromOperator).toHaveBeenCalledWith(em, { userId: null, titles: title, bodies: { 'zh-TW': '系統維護' }, operatorId: 'op1' });
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'message.send', targetId: '5', userId: null }), em);
    expect(emitted).toEqual([{ room: null, event: 'message', body: expect.objectContaining({ id: '5', title: '平台公告' }) }]);
  });
});

describe('SystemMessages', () => {
  function setup() {
    const { gateway, emitted } = socketServer();
    const { sut: built, mocks } = newTestService(SystemMessages, [[RealtimeGateway, gateway]]);
    const sut = built as SystemMessages; // the harness answers `unknown` for the service's type
    return { sut, repo: mocks.get<MessagesRepository>(MessagesRepository), emitted };
  }

  it('write stores the message in the given transaction and answers its id', async () => {
    const { sut, repo, emitted } = setup();
    repo.insertSystem.mockResolvedValue(row({ id: '12', text_key: 'depositApproved' }));
    expect(await sut.write(em, 'u1', 'depositApproved', { orderNo: 'D1', amount: '1.00', reason: '' })).toBe('12');
    expect(repo.insertSystem).toHaveBeenCalledWith('u1', 'depositApproved', { orderNo: 'D1', amount: '1.00', reason: '' }, em);
    expect(emitted).toEqual([]);
  });

  it('user.newDevice stores "newLogin" with the device and pushes it to the user', async () => {
    const { sut, repo, emitted } = setup();
    const vars = { device: 'Chrome · Android', ip: '10.0.0.1', at: '2026-12-01 08:00 UTC' };
    repo.insertSystem.mockResolvedValue(row({ id: '13', text_key: 'newLogin', vars, titles: null, bodies: null }));
    await sut.newDevice({ userId: 'u1', ...vars });
    expect(repo.insertSystem).toHaveBeenCalledWith('u1', 'newLogin', vars);
    expect(emitted).toEqual([
      { room: channel.user('u1'), event: 'message', body: expect.objectContaining({ id: '13', body: expect.stringContaining('Chrome · Android') }) },
    ]);
  });

  it('a decision pushes the message stored with it; a decision without one pushes nothing', async () => {
    const { sut, repo, emitted } = setup();
    repo.findNew.mockResolvedValue(row({ id: '42', text_key: 'depositApproved', vars: { orderNo: 'D1', amount: '88.80', reason: '' } }));
    await sut.depositDecided({ userId: 'u1', depositId: 'd1', approved: true, messageId: '42' });
    expect(repo.findNew).toHaveBeenCalledWith('42');
    expect(emitted).toEqual([{ room: channel.user('u1'), event: 'message', body: expect.objectContaining({ id: '42', title: '充值已入帳', read: false }) }]);
    repo.findNew.mockClear();
    await sut.withdrawalDecided({ userId: 'u1', withdrawalId: 'w1', status: 'cancelled', messageId: null });
    expect(repo.findNew).not.toHaveBeenCalled();
    expect(emitted).toHaveLength(1);
    jest.clearAllMocks();
  });
});
