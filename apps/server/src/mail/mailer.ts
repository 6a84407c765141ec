import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailJobPayload } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** Where mails go, said once at start and in the start banner: the SMTP server's host (never its credentials), or the log. */
export function mailDestination(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'the log (SMTP_URL unset)';
  try {
    const u = new URL(smtpUrl);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'an SMTP server';
  }
}

/**
 * Sends a rendered mail. With SMTP_URL it goes through nodemailer's SMTP transport; without it the whole mail is
 * written to the log (as Django's console backend does), so a developer can follow its links. A failure throws:
 * the mail job then retries with backoff.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly log = new Logger('mail');
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // Short timeouts: a hung server fails the attempt soon, and the job's backoff decides when to try again.
    this.transport = config.SMTP_URL
      ? createTransport({ url: config.SMTP_URL, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }, { from: config.MAIL_FROM })
      : null;
    this.log.log(`mails go to ${mailDestination(config.SMTP_URL)}`);
  }

  async send(mail: MailJobPayload): Promise<void> {
    if (!this.transport) {
      this.log.log(`mail (${mail.kind}) from ${this.config.MAIL_FROM} to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
      return;
    }
    await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
