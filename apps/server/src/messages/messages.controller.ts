import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { messagesQuery, sendMessageBody, type AdminBroadcast, type Page, type SendMessageBody, type SystemMessage } from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp, requestLocale } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentOperator, CurrentUser, OperatorAuthGuard, Permission, UserAuthGuard, type AuthOperator, type AuthUser } from '../auth/auth.guard.js';
import { MessagesService } from './messages.service.js';

@Controller('messages')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @Doc("The user's system messages and the broadcasts, newest first", { ok: 'Page<SystemMessage>' })
  list(@CurrentUser() u: AuthUser, @ZodQuery(messagesQuery) q: z.infer<typeof messagesQuery>, @Req() req: HttpRequest): Promise<Page<SystemMessage>> {
    return this.messages.list(u.id, requestLocale(req), q);
  }

  @Get('unread-count')
  @Doc('How many messages are unread', { ok: '{ count }' })
  unread(@CurrentUser() u: AuthUser): Promise<{ count: number }> {
    return this.messages.unreadCount(u.id);
  }

  @Post('read-all')
  @HttpCode(204)
  @Doc('Mark every message read')
  readAll(@CurrentUser() u: AuthUser): Promise<void> {
    return this.messages.readAll(u.id);
  }

  @Post(':id/read')
  @HttpCode(204)
  @Doc('Mark one message read')
  read(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<void> {
    return this.messages.markRead(u.id, id);
  }
}

@Controller('admin/messages')
@UseGuards(OperatorAuthGuard)
@Permission('messages.send')
@ApiFeature('admin')
export class AdminMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post()
  @HttpCode(201)
  @Doc('Send a message to one user, or to everyone without userId', { ok: 'SystemMessage' })
  send(@CurrentOperator() op: AuthOperator, @ZodBody(sendMessageBody) body: SendMessageBody, @Req() req: HttpRequest): Promise<SystemMessage> {
    return this.messages.send(op.id, body, clientIp(req) || null);
  }

  @Get('broadcasts')
  @Doc('The newest broadcasts (50), withdrawn ones included', { ok: 'AdminBroadcast[]' })
  broadcasts(): Promise<AdminBroadcast[]> {
    return this.messages.broadcasts();
  }

  @Post(':id/withdraw')
  @HttpCode(204)
  @Doc("Withdraw a broadcast: it leaves every user's inbox and unread count; audited (again: no change)")
  withdraw(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    return this.messages.withdraw(op.id, id, clientIp(req) || null);
  }
}
