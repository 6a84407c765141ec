import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminSupportController } from './admin-support.controller.js';
import { SupportAgentService } from './support-agent.service.js';
import { SupportChatService } from './support-chat.service.js';
import { SupportController } from './support.controller.js';
import { SupportRepository } from './support.repository.js';

/** The in-app chat with customer service: the user's side, the agents' inbox, and the live pushes of both. */
@Module({
  imports: [UploadsModule],
  controllers: [SupportController, AdminSupportController],
  providers: [SupportRepository, SupportChatService, SupportAgentService],
})
export class SupportModule {}
