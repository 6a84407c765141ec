import { Global, Module } from '@nestjs/common';
import { AdminMessagesController, MessagesController } from './messages.controller.js';
import { MessagesService } from './messages.service.js';

/** Global: the money features report their decisions to the user through it. */
@Global()
@Module({ controllers: [MessagesController, AdminMessagesController], providers: [MessagesService], exports: [MessagesService] })
export class MessagesModule {}
