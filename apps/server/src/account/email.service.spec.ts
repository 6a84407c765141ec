import { describe, expect, it } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { Clock } from '../common/clock.js';
import { PasswordCheckService } from '../auth/password-check.service.js';
import { MailService } from '../mail/mail.service.js';
import { MailTokensService } from '../mail/mail-tokens.service.js';
import { EmailRepository, type EmailStateRow } from './email.repository.js';
import { CONFIRM_RESENDS_PER_HOUR, EmailService } from './email.service.js';

const em = { name: 'the transaction' } as unknown as EntityManager;
const NOW = new Date('2026-12-01T10:00:00Z');
const clock = new (class extends Clock {
  now() {
    return NOW;
  }
})();
const state = (over: Partial<EmailStateRow> = {}): EmailStateRow => ({ email: 'old@example.com', pending_email: null, email_confirmed_at: null, ...over });

function build() {
  const { sut, mocks } = newTestService(EmailService, [[Clock, clock]]);
  const ds = mocks.get<DataSource>(DataSource);
  ds.transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) as never);
  const m = {
    emails: mocks.get<EmailRepository>(EmailRepository),
    tokens: mocks.get<MailTokensService>(MailTokensService),
    mail: mocks.get<MailService>(MailService),
    passwords: mocks.get<PasswordCheckService>(PasswordCheckService),
  };
  m.tokens.issue.mockResolvedValue('T'.repeat(43));
  m.tokens.voidOpen.mockResolvedValue(0);
  m.mail.link.mockImplementation((page, token) => `http://app/#/${page}?token=${token}`);
  m.mail.toAddress.mockResolvedValue(true);
  m.mail.takeThrottle.mockResolvedValue({ ok: true, retryAfterMs: 0 });
  m.mail.rememberLocale.mockResolvedValue(undefined);
  m.emails.takenByOther.mockResolvedValue(false);
  m.passwords.verifyLogin.mockResolvedValue(undefined);
  return { service: sut as EmailService, ...m };
}

describe('EmailService.confirm', () => {
  it('a link to the current address confirms it', async () => {
    const s = build();
    s.tokens.use.mockResolvedValue({ user_id: 'u1', email: 'OLD@example.com' });
    s.emails.lock.mockResolvedValue(state());
    await s.service.confirm('tok');
    expect(s.tokens.use).toHaveBeenCalledWith(em, 'confirm', 'tok');
    expect(s.emails.markConfirmed).toHaveBeenCalledWith(em, 'u1', NOW);
    expect(s.emails.switchToPending).not.toHaveBeenCalled();
  });

  it('a link to the pending address switches to it, confirmed', async () => {
    const s = build();
    s.tokens.use.mockResolvedValue({ user_id: 'u1', email: 'new@example.com' });
    s.emails.lock.mockResolvedValue(state({ pending_email: 'new@example.com', email_confirmed_at: NOW }));
    await s.service.confirm('tok');
    expect(s.emails.switchToPending).toHaveBeenCalledWith(em, 'u1', NOW);
    expect(s.tokens.voidOpen).toHaveBeenCalledWith(em, 'u1', 'confirm');
  });

  it('USER_EXISTS when another account took the pending address meanwhile', async () => {
    const s = build();
    s.tokens.use.mockResolvedValue({ user_id: 'u1', email: 'new@example.com' });
    s.emails.lock.mockResolvedValue(state({ pending_email: 'new@example.com' }));
    s.emails.takenByOther.mockResolvedValue(true);
    await expect(s.service.confirm('tok')).rejects.toMatchObject({ code: 'USER_EXISTS', field: 'email' });
    expect(s.emails.switchToPending).not.toHaveBeenCalled();
  });

  it('USER_EXISTS, not a server error, when the unique index catches a race', async () => {
    const s = build();
    s.tokens.use.mockResolvedValue({ user_id: 'u1', email: 'new@example.com' });
    s.emails.lock.mockResolvedValue(state({ pending_email: 'new@example.com' }));
    s.emails.switchToPending.mockRejectedValue(Object.assign(new Error('duplicate key'), { code: '23505' }));
    await expect(s.service.confirm('tok')).rejects.toMatchObject({ code: 'USER_EXISTS' });
  });

  it('a link to an address that is neither current nor pending any more is invalid', async () => {
    const s = build();
    s.tokens.use.mockResolvedValue({ user_id: 'u1', email: 'earlier@example.com' });
    s.emails.lock.mockResolvedValue(state({ pending_email: 'later@example.com' }));
    await expect(s.service.confirm('tok')).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect(s.emails.markConfirmed).not.toHaveBeenCalled();
  });
});

describe('EmailService.resend', () => {
  it('mails the confirmation again to an unconfirmed address', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state());
    await s.service.resend('u1', 'ja');
    expect(s.mail.takeThrottle).toHaveBeenCalledWith('confirm', 'u1', CONFIRM_RESENDS_PER_HOUR);
    expect(s.tokens.issue).toHaveBeenCalledWith('confirm', 'u1', 'old@example.com');
    expect(s.mail.toAddress).toHaveBeenCalledWith('old@example.com', 'ja', 'emailConfirm', expect.objectContaining({ hours: '48' }));
  });

  it('mails the pending address its change link when there is one', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state({ pending_email: 'new@example.com', email_confirmed_at: NOW }));
    await s.service.resend('u1', 'en');
    expect(s.mail.toAddress).toHaveBeenCalledWith('new@example.com', 'en', 'emailChangeConfirm', expect.objectContaining({ email: 'new@example.com' }));
  });

  it('sends nothing when everything is confirmed', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state({ email_confirmed_at: NOW }));
    await s.service.resend('u1', 'en');
    expect(s.mail.toAddress).not.toHaveBeenCalled();
    expect(s.mail.takeThrottle).not.toHaveBeenCalled();
  });

  it('RATE_LIMITED past the hourly limit, with when to come back', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state());
    s.mail.takeThrottle.mockResolvedValue({ ok: false, retryAfterMs: 90_000 });
    await expect(s.service.resend('u1', 'en')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 90 });
    expect(s.mail.toAddress).not.toHaveBeenCalled();
  });
});

describe('EmailService.change', () => {
  it('checks the login password, keeps the new address pending, mails it a link and tells the old one', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state({ email_confirmed_at: NOW }));
    await s.service.change('u1', { email: 'new@example.com', password: 'pw' }, '203.0.113.1', 'de');
    expect(s.passwords.verifyLogin).toHaveBeenCalledWith('u1', 'pw', { ip: '203.0.113.1', captchaId: undefined, captchaCode: undefined });
    expect(s.emails.setPending).toHaveBeenCalledWith('u1', 'new@example.com');
    expect(s.tokens.issue).toHaveBeenCalledWith('confirm', 'u1', 'new@example.com');
    expect(s.mail.toAddress).toHaveBeenCalledWith('new@example.com', 'de', 'emailChangeConfirm', expect.objectContaining({ email: 'new@example.com' }));
    expect(s.mail.toAddress).toHaveBeenCalledWith('old@example.com', 'de', 'emailChangeNotice', { email: 'new@example.com' });
  });

  it('a wrong password changes nothing and mails no one', async () => {
    const s = build();
    s.passwords.verifyLogin.mockRejectedValue(Object.assign(new Error('OLD_PASSWORD_INVALID'), { code: 'OLD_PASSWORD_INVALID' }));
    await expect(s.service.change('u1', { email: 'new@example.com', password: 'bad' }, 'ip', 'en')).rejects.toMatchObject({ code: 'OLD_PASSWORD_INVALID' });
    expect(s.emails.setPending).not.toHaveBeenCalled();
    expect(s.mail.toAddress).not.toHaveBeenCalled();
  });

  it('USER_EXISTS for an address another account uses', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state());
    s.emails.takenByOther.mockResolvedValue(true);
    await expect(s.service.change('u1', { email: 'taken@example.com', password: 'pw' }, 'ip', 'en')).rejects.toMatchObject({
      code: 'USER_EXISTS',
      field: 'email',
    });
    expect(s.emails.setPending).not.toHaveBeenCalled();
  });

  it('the current address is no change', async () => {
    const s = build();
    s.emails.find.mockResolvedValue(state());
    await expect(s.service.change('u1', { email: 'Old@Example.com', password: 'pw' }, 'ip', 'en')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'email',
    });
  });
});
