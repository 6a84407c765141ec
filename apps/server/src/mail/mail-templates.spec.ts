import { describe, expect, it } from '@jest/globals';
import { LOCALES, resources, type Locale } from '@candor/i18n';
import { escapeHtml, MAIL_TEMPLATES, renderMail, type MailTemplate, type MailVars } from './mail-templates.js';

const HOSTILE = `<script>alert("x")</script>&'`;
const SAMPLE: { [T in MailTemplate]: MailVars[T] } = {
  emailConfirm: { link: 'https://candor.example/#/confirm-email?token=abc&x=1', hours: '48' },
  emailChangeConfirm: { link: 'https://candor.example/#/confirm-email?token=def', hours: '48', email: `new${HOSTILE}@example.com` },
  emailChangeNotice: { email: 'new@example.com' },
  passwordReset: { link: 'https://candor.example/#/reset-password?token=ghi', minutes: '30' },
  passwordChanged: { at: '2026-12-01 10:00 UTC' },
  newDevice: { at: '2026-12-01 10:00 UTC', device: `Chrome · ${HOSTILE}`, ip: '203.0.113.7' },
  withdrawalRequested: { orderNo: 'W2026120100001', amount: '12.34' },
  withdrawalPaid: { orderNo: 'W2026120100001', amount: '12.34' },
  withdrawalReturned: { orderNo: 'W2026120100001', amount: '12.34', reason: HOSTILE },
  withdrawalCancelled: { orderNo: 'W2026120100001', amount: '12.34' },
  verificationApproved: {},
  verificationRejected: { reason: 'blurred photo' },
};
const templates = Object.keys(MAIL_TEMPLATES) as MailTemplate[];
const cases = LOCALES.flatMap((locale) => templates.map((template) => [locale, template] as [Locale, MailTemplate]));

describe('mail templates', () => {
  it.each(cases)('%s %s renders subject, text and HTML with every placeholder filled', (locale, template) => {
    const m = renderMail(locale, template, SAMPLE[template] as never);
    for (const part of [m.subject, m.text, m.html]) {
      expect(part).not.toContain('{{');
      expect(part).not.toContain('}}');
      expect(part).not.toMatch(/undefined|\[object/);
    }
    expect(m.subject.trim().length).toBeGreaterThan(3);
    const texts = (resources[locale] as unknown as { mail: Record<string, { body: string }> }).mail;
    // The locale's own body, not another's (a missing text would have thrown).
    expect(m.text).toContain(texts[template]!.body.split('{{')[0]!.trim());
    if (MAIL_TEMPLATES[template].action) {
      const link = (SAMPLE[template] as { link: string }).link;
      expect(m.text).toContain(link);
      expect(m.html).toContain(`href="${escapeHtml(link)}"`);
    }
  });

  it.each(LOCALES)('%s escapes every interpolated value in the HTML and keeps it as written in the text', (locale) => {
    const m = renderMail(locale, 'withdrawalReturned', SAMPLE.withdrawalReturned);
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(m.text).toContain(HOSTILE);
  });

  it('puts the unsubscribe hint on optional mails and the security note on security mails', () => {
    const optional = renderMail('en', 'withdrawalPaid', SAMPLE.withdrawalPaid);
    const security = renderMail('en', 'passwordReset', SAMPLE.passwordReset);
    expect(optional.text).toContain(resources.en.mail.footerOptional);
    expect(security.text).toContain(resources.en.mail.footerSecurity);
    expect(security.text).not.toContain(resources.en.mail.footerOptional);
  });

  it('refuses a template with a button but no link', () => {
    expect(() => renderMail('en', 'passwordReset', { minutes: '30' } as MailVars['passwordReset'])).toThrow(/needs a link/);
  });

  it('a value holding a placeholder is not filled again', () => {
    const m = renderMail('en', 'emailChangeNotice', { email: '{{email}}@x.test' });
    expect(m.text).toContain('{{email}}@x.test');
  });
});
