import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { pageQuery, SUPPORT_IMAGE_FIELD, supportTextBody, type Page, type SupportMessage, type SupportUnread } from '@candor/contracts';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { ApiFeature, Doc, ZodQuery } from '../common/openapi.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { RateLimit } from '../auth/rate-limit.guard.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { readMultipartForm } from '../uploads/multipart.js';
import { sendImage } from '../uploads/send-image.js';
import { SupportChatService, type SupportInput } from './support-chat.service.js';

const textPipe = new ZodPipe(supportTextBody);

/** A chat message body: JSON `{ text, clientId }`, or multipart with one `image` and a `clientId` field. */
export async function readSupportInput(req: HttpRequest): Promise<SupportInput> {
  if (req.isMultipart()) return { kind: 'image', form: await readMultipartForm(req, { files: [SUPPORT_IMAGE_FIELD], fields: ['clientId'] }) };
  return { kind: 'text', body: textPipe.transform(req.body) };
}

export const SUPPORT_SEND_DOC = {
  multipart: { fields: { clientId: 'string' as const }, files: [SUPPORT_IMAGE_FIELD] },
  errors: ['VALIDATION_FAILED' as const, 'IMAGE_INVALID' as const, 'UPLOAD_TOO_LARGE' as const],
};

/** The signed-in user's chat with customer service. */
@Controller('support')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class SupportController {
  constructor(private readonly chat: SupportChatService) {}

  @Get('messages')
  @Doc("The user's chat with support: the newest page first, each page newest first (`cursor` pages back in time)", {
    ok: 'Page<SupportMessage>',
    description: 'Loading the first page marks the agents\u2019 messages `delivered`.',
  })
  history(@CurrentUser() u: AuthUser, @ZodQuery(pageQuery) q: z.infer<typeof pageQuery>): Promise<Page<SupportMessage>> {
    return this.chat.history(u.id, q);
  }

  /** A resend with a stored `clientId` answers the stored message and stores nothing. */
  @Post('messages')
  @RateLimit('money')
  @HttpCode(201)
  @Doc('Send a message to support: JSON `{ text, clientId }`, or multipart `image` with a `clientId` field', {
    ok: 'SupportMessage',
    description: 'A repeated `clientId` answers the message already stored (no duplicate). Images pass the same checks as every upload.',
    ...SUPPORT_SEND_DOC,
  })
  async send(@CurrentUser() u: AuthUser, @Req() req: HttpRequest): Promise<SupportMessage> {
    return this.chat.send(u.id, await readSupportInput(req));
  }

  @Post('read')
  @HttpCode(204)
  @Doc("Mark every agent's message read (the agents see it at once)")
  read(@CurrentUser() u: AuthUser): Promise<void> {
    return this.chat.markRead(u.id);
  }

  @Get('unread-count')
  @Doc("How many agents' messages the user has not read", { ok: 'SupportUnread' })
  unread(@CurrentUser() u: AuthUser): Promise<SupportUnread> {
    return this.chat.unread(u.id);
  }

  @Get('images/:id')
  @Doc("An image of the user's own chat, by its message's id", { ok: 'image', errors: ['NOT_FOUND'] })
  async image(@CurrentUser() u: AuthUser, @Param('id') id: string, @Res() res: HttpReply): Promise<void> {
    await sendImage(res, await this.chat.image(u.id, id), 'support.jpg');
  }
}
