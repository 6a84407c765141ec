import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { MailQueue } from './mail-queue.js';
import { MailRepository, type MailRecipientRow } from './mail.repository.js';
import { MailService } from './mail.service.js';

function build(config: Partial<AppConfig> = {}, recipient: MailRecipientRow | null = { email: 'a@example.com', locale: 'ja', mail_preferences: {} }) {
  const execs: unknown[][] = [];
  const redis = {
    multi: () => {
      const chain = { incr: () => chain, expire: () => chain, pttl: () => chain, exec: async () => execs.shift() ?? null };
      return chain;
    },
  };
  const { sut, mocks } = newTestService(MailService, [
    [APP_CONFIG, { PORT: 3000, ...config } as AppConfig],
    [REDIS, redis],
  ]);
  const repo = mocks.get<MailRepository>(MailRepository);
  const queue = mocks.get<MailQueue>(MailQueue);
  repo.recipient.mockResolvedValue(recipient);
  queue.add.mockResolvedValue('job-1');
  return { service: sut as MailService, repo, queue, execs };
}

describe('MailService', () => {
  it('links to the web app at PUBLIC_URL, or at localhost:PORT by default', () => {
    expect(build().service.link('reset-password', 'a-b_c')).toBe('http://localhost:3000/#/reset-password?token=a-b_c');
    expect(build({ PUBLIC_URL: 'https://candor.example' }).service.link('confirm-email', 'x')).toBe('https://candor.example/#/confirm-email?token=x');
  });

  it("mails a user in the language they last used when the cause names none, else in the cause's", async () => {
    const s = build();
    await s.service.toUser('u1', 'passwordChanged', { at: '2026-12-01 10:00 UTC' });
    expect(s.queue.add).toHaveBeenLastCalledWith(
      expect.objectContaining({ to: 'a@example.com', kind: 'passwordChanged', subject: 'ログインパスワードが変更されました' }),
    );
    await s.service.toUser('u1', 'passwordChanged', { at: '2026-12-01 10:00 UTC' }, 'de');
    expect(s.queue.add).toHaveBeenLastCalledWith(expect.objectContaining({ subject: 'Ihr Anmeldepasswort wurde geändert' }));
  });

  it('falls back to zh-TW when no language is known', async () => {
    const s = build({}, { email: 'a@example.com', locale: null, mail_preferences: {} });
    await s.service.toUser('u1', 'verificationApproved', {});
    expect(s.queue.add).toHaveBeenCalledWith(expect.objectContaining({ subject: '實名認證已通過' }));
  });

  it('tells a verification decision, the reviewer’s reason code in words of the user’s language', async () => {
    const s = build({}, { email: 'a@example.com', locale: 'en', mail_preferences: {} });
    await s.service.verificationDecided('u1', false, 'unreadable');
    const mail = s.queue.add.mock.calls[0]![0] as { kind: string; text?: string; html?: string };
    expect(mail.kind).toBe('verificationRejected');
    expect(JSON.stringify(mail)).toContain('the photo cannot be read');
    await s.service.verificationDecided('u1', true);
    expect(s.queue.add).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'verificationApproved' }));
  });

  it('skips a kind the user turned off, never a security mail', async () => {
    const s = build({}, { email: 'a@example.com', locale: 'en', mail_preferences: { withdrawalDecided: false } });
    expect(await s.service.toUser('u1', 'withdrawalPaid', { orderNo: 'W1', amount: '1.00' })).toBe(false);
    expect(await s.service.toUser('u1', 'withdrawalRequested', { orderNo: 'W1', amount: '1.00' })).toBe(true);
    expect(await s.service.toUser('u1', 'newDevice', { at: 'now', device: 'd', ip: 'i' })).toBe(true);
    expect(s.queue.add).toHaveBeenCalledTimes(2);
  });

  it('preferences: every kind on unless turned off; updates keep only known kinds', async () => {
    const s = build({}, { email: 'a@example.com', locale: 'en', mail_preferences: { verificationDecided: false } });
    expect(await s.service.preferences('u1')).toEqual({ withdrawalRequested: true, withdrawalDecided: true, verificationDecided: false });
    s.repo.updatePreferences.mockResolvedValue({ withdrawalDecided: false });
    expect(await s.service.updatePreferences('u1', { withdrawalDecided: false, other: true } as never)).toEqual({
      withdrawalRequested: true,
      withdrawalDecided: false,
      verificationDecided: true,
    });
    expect(s.repo.updatePreferences).toHaveBeenCalledWith('u1', { withdrawalDecided: false });
  });

  it('throttles per kind and account: ok up to the limit, then the time left in the window', async () => {
    const s = build();
    s.execs.push(
      [
        [null, 3],
        [null, 1],
        [null, 100_000],
      ],
      [
        [null, 4],
        [null, 0],
        [null, 99_000],
      ],
    );
    expect(await s.service.takeThrottle('confirm', 'u1', 3)).toEqual({ ok: true, retryAfterMs: 100_000 });
    expect(await s.service.takeThrottle('confirm', 'u1', 3)).toEqual({ ok: false, retryAfterMs: 99_000 });
  });
});
