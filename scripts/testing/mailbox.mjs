// The browser tier's mailbox: browser-setup.mjs runs an SMTP server that keeps every mail the platform sends as
// <n>.json ({ to, subject, text, html }) in E2E_MAIL_DIR. Tests read them here and follow their links.
import fs from 'node:fs';
import path from 'node:path';

/** Every mail sent to `address` so far, oldest first. */
export function mailsTo(address, dir = process.env.E2E_MAIL_DIR ?? '') {
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (browser-setup.mjs)');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/**
 * The newest link to the web app's `page` (e.g. `confirm-email`) in the mails to `address` after the first `after`
 * of them, waiting up to `timeoutMs` for it to arrive.
 */
export async function waitForLink(address, page, { after = 0, timeoutMs = 20_000, dir } = {}) {
  const pattern = new RegExp(`https?://[^\\s"<>]+/#/${page}\\?token=[A-Za-z0-9_%-]+`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(address, dir)
      .slice(after)
      .filter((m) => pattern.test(m.text));
    if (found.length > 0) return pattern.exec(found[found.length - 1].text)[0];
    if (Date.now() > deadline) throw new Error(`no ${page} mail to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The token of a link made by the platform's mails (`.../#/confirm-email?token=...`). */
export const tokenOf = (link) => decodeURIComponent(new URL(link.replace('/#/', '/')).searchParams.get('token') ?? '');
