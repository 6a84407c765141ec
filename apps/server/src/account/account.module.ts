import { Module } from '@nestjs/common';
import { MeController } from './me.controller.js';
import { SummaryRepository } from './summary.repository.js';
import { SummaryService } from './summary.service.js';
import { MailModule } from '../mail/mail.module.js';
import { EmailController } from './email.controller.js';
import { EmailRepository } from './email.repository.js';
import { EmailService } from './email.service.js';

@Module({
  imports: [MailModule],
  controllers: [MeController, EmailController],
  providers: [SummaryRepository, SummaryService, EmailRepository, EmailService],
})
export class AccountModule {}
