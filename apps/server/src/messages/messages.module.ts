import { Global, Module } from '@nestjs/common';
import { AdminMessagesController, MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { SystemMessages } from './system-messages.js';

/** Global: the money features store their decisions' messages through `SystemMessages`. */
@Global()
@Module({
  controllers: [MessagesController, AdminMessagesController],
  providers: [MessagesRepository, MessagesService, SystemMessages],
  exports: [SystemMessages],
})
export class MessagesModule {}
