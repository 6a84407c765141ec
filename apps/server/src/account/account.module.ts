import { Module } from '@nestjs/common';
import { MeController } from './me.controller.js';
import { SummaryRepository } from './summary.repository.js';
import { SummaryService } from './summary.service.js';
import { MailModule } from '../mail/mail.module.js';
import { EmailController } from './email.controller.js';
import { EmailRepository } from './email.repository.js';
import { EmailService } from './email.service.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AvatarsController, MeAvatarController } from './avatar.controller.js';
import { AvatarRepository } from './avatar.repository.js';
import { AvatarService } from './avatar.service.js';

@Module({
  imports: [MailModule, UploadsModule],
  controllers: [MeController, EmailController, MeAvatarController, AvatarsController],
  providers: [SummaryRepository, SummaryService, EmailRepository, EmailService, AvatarRepository, AvatarService],
})
export class AccountModule {}
