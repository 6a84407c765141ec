import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { Mailer, mailDestination } from './mailer.js';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('Mailer', () => {
  it('without SMTP_URL writes the whole mail (to, subject, text) to the log, as a console backend does', async () => {
    const lines: string[] = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation((m: unknown) => {
      lines.push(String(m));
    });
    const mailer = new Mailer({ MAIL_FROM: 'Candor <no-reply@candor.test>' } as AppConfig);
    await mailer.send({
      kind: 'passwordReset',
      to: 'a@example.com',
      subject: 'Reset your login password',
      text: 'Open http://x/#/reset-password?token=abc',
      html: '<p>x</p>',
    });
    expect(lines[0]).toBe('mails go to the log (SMTP_URL unset)');
    expect(lines[1]).toContain('to a@example.com');
    expect(lines[1]).toContain('Subject: Reset your login password');
    expect(lines[1]).toContain('http://x/#/reset-password?token=abc');
  });

  it('names the SMTP server by scheme, host and port, never its credentials', () => {
    expect(mailDestination('smtps://user:secret@mail.example.com:465')).toBe('smtps://mail.example.com:465');
    expect(mailDestination(undefined)).toBe('the log (SMTP_URL unset)');
  });
});
