import type { AddressInfo } from 'node:net';
import { Test, type TestingModule } from '@nestjs/testing';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Clock } from '../../src/common/clock.js';
import { WorkerModule } from '../../src/worker.module.js';
import type { TestApp } from './app.js';

/** A mail the test server accepted, parsed. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Mails to one address (case-insensitive), in the order received. */
  to(address: string): ReceivedMail[];
  /** Waits until `count` (default 1) mails to `address` matching `match` arrived; answers them. */
  waitFor(address: string, opts?: { match?: (m: ReceivedMail) => boolean; count?: number; timeoutMs?: number }): Promise<ReceivedMail[]>;
  /** From now on, every MAIL FROM is answered with `code` (4xx: try later; 5xx: refused) until `accept()`. */
  refuse(code: number, message?: string): void;
  accept(): void;
  /** How many MAIL FROM commands were refused so far. */
  refusals(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server inside the test process (smtp-server, no TLS, no auth): it parses every mail it accepts
 * with mailparser, and can be told to refuse mail for a while, as a mail server in an outage does.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let refusing: { code: number; message: string } | null = null;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address: SMTPServerAddress, _session, callback) {
      if (!refusing) return callback();
      refused++;
      return callback(Object.assign(new Error(refusing.message), { responseCode: refusing.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: typeof session.envelope.mailFrom === 'object' && session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          callback();
        },
        (e: Error) => callback(e),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, { match = () => true, count = 1, timeoutMs = 20_000 } = {}) {
      const end = Date.now() + timeoutMs;
      const found = () => to(address).filter(match);
      while (found().length < count) {
        if (Date.now() > end)
          throw new Error(`${count} mail(s) to ${address} not received within ${timeoutMs} ms (got ${found().length} of ${to(address).length})`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return found();
    },
    refuse(code, message = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      refusing = { code, message };
    },
    accept() {
      refusing = null;
    },
    refusals: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token in the first link to the web app's `page` in a mail's text. */
export function tokenFromMail(mail: ReceivedMail, page: 'reset-password' | 'confirm-email'): string {
  const m = new RegExp(`/#/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${page} link in the mail:\n${mail.text}`);
  return decodeURIComponent(m[1]!);
}

/** The worker (WorkerModule with every processor, the feed off) in this process, sending mail to `smtpUrl`. */
export async function startMailWorker(t: TestApp, smtpUrl: string, clock?: Clock): Promise<TestingModule> {
  process.env.FEED = 'off';
  const module = await Test.createTestingModule({ imports: [WorkerModule.forRoot({ ...t.config, SMTP_URL: smtpUrl }, { clock })] }).compile();
  await module.init();
  return module;
}
