import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { UserEntity } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { Clock } from '../common/clock.js';
import { EventBus } from '../events/event-bus.js';
import { MailService } from '../mail/mail.service.js';
import { MailTokensService } from '../mail/mail-tokens.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { AltchaService } from './altcha.service.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { PasswordResetService, RESET_MAILS_PER_HOUR } from './password-reset.service.js';
import { SessionService } from './session.service.js';

const em = { name: 'the transaction' } as unknown as EntityManager;
const clock = new (class extends Clock {
  now() {
    return new Date('2026-12-01T10:00:00Z');
  }
})();

function build() {
  const ds = { transaction: jest.fn(async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) } as unknown as DataSource;
  const { sut, mocks } = newTestService(PasswordResetService, [
    [Clock, clock],
    [getDataSourceToken(), ds],
  ]);
  const m = {
    users: mocks.get<UsersRepository>(UsersRepository),
    repo: mocks.get<PasswordResetRepository>(PasswordResetRepository),
    tokens: mocks.get<MailTokensService>(MailTokensService),
    mail: mocks.get<MailService>(MailService),
    hasher: mocks.get<PasswordHasher>(PasswordHasher),
    sessions: mocks.get<SessionService>(SessionService),
    events: mocks.get<EventBus>(EventBus),
    altcha: mocks.get<AltchaService>(AltchaService),
  };
  m.altcha.verify.mockResolvedValue(undefined);
  m.mail.takeThrottle.mockResolvedValue({ ok: true, retryAfterMs: 0 });
  m.mail.link.mockImplementation((page, token) => `http://app/#/${page}?token=${token}`);
  m.mail.toAddress.mockResolvedValue(true);
  m.tokens.issue.mockResolvedValue('T'.repeat(43));
  m.hasher.hash.mockResolvedValue('new-hash');
  m.tokens.use.mockResolvedValue({ user_id: 'u1', email: 'a@example.com' });
  m.tokens.voidOpen.mockResolvedValue(0);
  m.repo.setLoginPassword.mockResolvedValue(true);
  m.repo.insertResetMessage.mockResolvedValue(undefined);
  m.sessions.revokeAll.mockResolvedValue(2);
  m.events.publish.mockResolvedValue(undefined);
  m.mail.rememberLocale.mockResolvedValue(undefined);
  return { service: sut as PasswordResetService, ds, ...m };
}

const user = (over: Partial<UserEntity> = {}) => ({ id: 'u1', email: 'A@Example.com', disabledAt: null, ...over }) as UserEntity;

describe('PasswordResetService.request', () => {
  it('mails a 30-minute link to the account address in the asked language, after answering', async () => {
    const s = build();
    s.users.findByEmail.mockResolvedValue(user());
    await s.service.request({ email: 'a@example.com' }, 'en');
    await s.service.settled();
    expect(s.altcha.verify).toHaveBeenCalledWith(undefined);
    expect(s.tokens.issue).toHaveBeenCalledWith('reset', 'u1', 'A@Example.com');
    expect(s.mail.toAddress).toHaveBeenCalledWith('A@Example.com', 'en', 'passwordReset', {
      link: `http://app/#/reset-password?token=${'T'.repeat(43)}`,
      minutes: '30',
    });
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const s = build();
    s.users.findByEmail.mockResolvedValue(null);
    await expect(s.service.request({ email: 'nobody@example.com' }, 'en')).resolves.toBeUndefined();
    await s.service.settled();
    expect(s.tokens.issue).not.toHaveBeenCalled();
    expect(s.mail.toAddress).not.toHaveBeenCalled();
  });

  it('refuses before looking the address up when the proof-of-work fails', async () => {
    const s = build();
    s.altcha.verify.mockRejectedValue(Object.assign(new Error('ALTCHA_INVALID'), { code: 'ALTCHA_INVALID' }));
    await expect(s.service.request({ email: 'a@example.com', altcha: 'bad' }, 'en')).rejects.toMatchObject({ code: 'ALTCHA_INVALID' });
    expect(s.users.findByEmail).not.toHaveBeenCalled();
  });

  it(`sends no link beyond ${RESET_MAILS_PER_HOUR} an hour, and still answers the same`, async () => {
    const s = build();
    s.users.findByEmail.mockResolvedValue(user());
    s.mail.takeThrottle.mockResolvedValue({ ok: false, retryAfterMs: 1000 });
    await expect(s.service.request({ email: 'a@example.com' }, 'en')).resolves.toBeUndefined();
    await s.service.settled();
    expect(s.mail.takeThrottle).toHaveBeenCalledWith('reset', 'u1', RESET_MAILS_PER_HOUR);
    expect(s.tokens.issue).not.toHaveBeenCalled();
  });

  it('a mail that cannot be queued never fails the request', async () => {
    const s = build();
    s.users.findByEmail.mockResolvedValue(user());
    s.tokens.issue.mockRejectedValue(new Error('database down'));
    await expect(s.service.request({ email: 'a@example.com' }, 'en')).resolves.toBeUndefined();
    await expect(s.service.settled()).resolves.toBeUndefined();
  });
});

describe('PasswordResetService.confirm', () => {
  const body = { token: 'T'.repeat(43), password: 'new-pass-1', confirmPassword: 'new-pass-1' };

  it('sets the login password in one transaction with the token use and the inbox message, then ends every session and says so', async () => {
    const s = build();
    await s.service.confirm(body, 'fr');
    expect(s.tokens.use).toHaveBeenCalledWith(em, 'reset', body.token);
    expect(s.repo.setLoginPassword).toHaveBeenCalledWith(em, 'u1', 'a@example.com', 'new-hash');
    expect(s.tokens.voidOpen).toHaveBeenCalledWith(em, 'u1', 'reset');
    expect(s.repo.insertResetMessage).toHaveBeenCalledWith(em, 'u1', '2026-12-01 10:00 UTC');
    expect(s.sessions.revokeAll).toHaveBeenCalledWith('user', 'u1', 'password_reset');
    expect(s.mail.rememberLocale).toHaveBeenCalledWith('u1', 'fr');
    expect(s.events.publish).toHaveBeenCalledWith('user.passwordChanged', { userId: 'u1', locale: 'fr' });
  });

  it('refuses mismatched passwords before touching the token', async () => {
    const s = build();
    await expect(s.service.confirm({ ...body, confirmPassword: 'other-pass-1' }, 'en')).rejects.toMatchObject({ code: 'PASSWORD_MISMATCH' });
    expect(s.tokens.use).not.toHaveBeenCalled();
  });

  it('a used, expired or unknown token changes nothing and ends no session', async () => {
    const s = build();
    s.tokens.use.mockRejectedValue(Object.assign(new Error('RESET_TOKEN_INVALID'), { code: 'RESET_TOKEN_INVALID' }));
    await expect(s.service.confirm(body, 'en')).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect(s.repo.setLoginPassword).not.toHaveBeenCalled();
    expect(s.sessions.revokeAll).not.toHaveBeenCalled();
    expect(s.events.publish).not.toHaveBeenCalled();
  });

  it('a link mailed to an address the account no longer has is invalid', async () => {
    const s = build();
    s.repo.setLoginPassword.mockResolvedValue(false);
    await expect(s.service.confirm(body, 'en')).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'token' });
    expect(s.repo.insertResetMessage).not.toHaveBeenCalled();
    expect(s.sessions.revokeAll).not.toHaveBeenCalled();
  });
});
