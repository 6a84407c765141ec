import type { MailKind } from '@candor/contracts';
import { resources, type Locale } from '@candor/i18n';

/**
 * The mails and what each one fills in. `preference`: the setting that turns it off; null for security mails,
 * which always go. `action`: the template has a button (and its link).
 */
export const MAIL_TEMPLATES = {
  emailConfirm: { preference: null, action: true },
  emailChangeConfirm: { preference: null, action: true },
  emailChangeNotice: { preference: null, action: false },
  passwordReset: { preference: null, action: true },
  passwordChanged: { preference: null, action: false },
  newDevice: { preference: null, action: false },
  withdrawalRequested: { preference: 'withdrawalRequested', action: false },
  withdrawalPaid: { preference: 'withdrawalDecided', action: false },
  withdrawalReturned: { preference: 'withdrawalDecided', action: false },
  withdrawalCancelled: { preference: 'withdrawalDecided', action: false },
  verificationApproved: { preference: 'verificationDecided', action: false },
  verificationRejected: { preference: 'verificationDecided', action: false },
} as const satisfies Record<string, { preference: MailKind | null; action: boolean }>;
export type MailTemplate = keyof typeof MAIL_TEMPLATES;

/** The values each template fills in (`link`: the button's address). */
export interface MailVars {
  emailConfirm: { link: string; hours: string };
  emailChangeConfirm: { link: string; hours: string; email: string };
  emailChangeNotice: { email: string };
  passwordReset: { link: string; minutes: string };
  passwordChanged: { at: string };
  newDevice: { at: string; device: string; ip: string };
  withdrawalRequested: { orderNo: string; amount: string };
  withdrawalPaid: { orderNo: string; amount: string };
  withdrawalReturned: { orderNo: string; amount: string; reason: string };
  withdrawalCancelled: { orderNo: string; amount: string };
  verificationApproved: Record<string, never>;
  verificationRejected: { reason: string };
}

/** A moment as mails and inbox messages show it: to the minute, UTC. */
export const mailTime = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type MailTexts = (typeof resources)['zh-TW']['mail'];
type TemplateTexts = { subject: string; body: string; action?: string; note?: string };

const PLACEHOLDER = /\{\{\s*([\w]+)\s*\}\}/g;

/** `{{name}}` replaced by `vars.name` in one pass (a value that itself holds `{{x}}` stays as it is). */
function fill(text: string, vars: Record<string, string>, encode: (s: string) => string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(vars, name) ? encode(vars[name]!) : whole));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The locale's own texts, never another locale's: a missing key is an error here (and in the unit test), not a fallback. */
function textsOf(locale: Locale, template: MailTemplate): { common: MailTexts; t: TemplateTexts } {
  const common = (resources[locale] as { mail?: MailTexts }).mail;
  const t = common?.[template] as TemplateTexts | undefined;
  if (!common || !t) throw new Error(`mail template ${template} is missing in ${locale}`);
  return { common, t };
}

/** Renders one mail in `locale`: the subject, a plain-text body and the same in HTML, every value escaped there. */
export function renderMail<T extends MailTemplate>(locale: Locale, template: T, vars: MailVars[T]): RenderedMail {
  const { common, t } = textsOf(locale, template);
  const v = vars as Record<string, string>;
  const asText = (s: string) => fill(s, v, (x) => x);
  const asHtml = (s: string) => fill(escapeHtml(s), v, escapeHtml);
  const link = MAIL_TEMPLATES[template].action ? v['link'] : undefined;
  if (MAIL_TEMPLATES[template].action && (!link || !t.action)) throw new Error(`mail template ${template} needs a link and a button text`);
  const footer = MAIL_TEMPLATES[template].preference ? common.footerOptional : common.footerSecurity;
  const subject = asText(t.subject);

  const text = [
    common.greeting,
    asText(t.body),
    ...(link ? [`${t.action}: ${link}`] : []),
    ...(t.note ? [asText(t.note)] : []),
    common.signature,
    `-- \n${footer}`,
  ].join('\n\n');

  const p = (inner: string, style = '') => `<p style="margin:0 0 16px;${style}">${inner}</p>`;
  const button = link
    ? p(
        `<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1f6feb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t.action!)}</a>`,
      ) +
      p(
        `${escapeHtml(common.linkHint)}<br><a href="${escapeHtml(link)}" style="color:#1f6feb;word-break:break-all">${escapeHtml(link)}</a>`,
        'font-size:13px;color:#57606a',
      )
    : '';
  const html =
    `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans',Helvetica,Arial,sans-serif;color:#1f2329;line-height:1.6">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">` +
    p(escapeHtml(common.greeting)) +
    p(asHtml(t.body)) +
    button +
    (t.note ? p(asHtml(t.note)) : '') +
    p(escapeHtml(common.signature)) +
    `<hr style="border:0;border-top:1px solid #d0d7de;margin:24px 0 12px">` +
    p(escapeHtml(footer), 'font-size:12px;color:#8c959f') +
    `</div></body></html>`;
  return { subject, text, html };
}
