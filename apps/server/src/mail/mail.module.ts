import { Module } from '@nestjs/common';
import { MailNotifications } from './mail-notifications.js';
import { MailQueue } from './mail-queue.js';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';
import { MailTokensRepository } from './mail-tokens.repository.js';
import { MailTokensService } from './mail-tokens.service.js';

/**
 * The api's side of mail: templates, one-use links, and the mails other features' events cause, queued for the
 * worker (which sends them: `MailProcessor` with `Mailer`, in the worker module).
 */
@Module({
  providers: [MailQueue, MailRepository, MailService, MailTokensRepository, MailTokensService, MailNotifications],
  exports: [MailService, MailTokensService],
})
export class MailModule {}
