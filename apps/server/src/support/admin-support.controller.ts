import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import {
  adminSupportConversationsQuery,
  cannedRepliesQuery,
  cannedReplyBody,
  cannedReplyPatch,
  pageQuery,
  supportAssignBody,
  supportNoteBody,
  type AdminSupportConversation,
  type AdminSupportEntry,
  type AdminSupportMessage,
  type CannedReplyBody,
  type CannedReplyPatch,
  type Page,
  type SupportAgent,
  type SupportCannedReply,
  type SupportNote,
} from '@candor/contracts';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { sendImage } from '../uploads/send-image.js';
import { SupportAgentService } from './support-agent.service.js';
import { readSupportInput, SUPPORT_SEND_DOC } from './support.controller.js';

const ip = (req: HttpRequest): string | null => clientIp(req) || null;

/** The agents' side of the support chat; every route needs `support.chat`. */
@Controller('admin/support')
@UseGuards(OperatorAuthGuard)
@Permission('support.chat')
@ApiFeature('admin')
export class AdminSupportController {
  constructor(private readonly agents: SupportAgentService) {}

  @Get('conversations')
  @Doc('The support inbox: unassigned conversations first, then by the latest message', { ok: 'Page<AdminSupportConversation>' })
  inbox(@ZodQuery(adminSupportConversationsQuery) q: z.infer<typeof adminSupportConversationsQuery>): Promise<Page<AdminSupportConversation>> {
    return this.agents.inbox(q);
  }

  @Get('conversations/:id')
  @Doc('One conversation', { ok: 'AdminSupportConversation', errors: ['NOT_FOUND'] })
  conversation(@Param('id') id: string): Promise<AdminSupportConversation> {
    return this.agents.conversation(id);
  }

  @Get('conversations/:id/messages')
  @Doc("A conversation's messages and internal notes, newest first (the first page marks the user's messages delivered)", {
    ok: 'Page<AdminSupportEntry>',
    errors: ['NOT_FOUND'],
  })
  entries(@Param('id') id: string, @ZodQuery(pageQuery) q: z.infer<typeof pageQuery>): Promise<Page<AdminSupportEntry>> {
    return this.agents.entries(id, q);
  }

  @Post('conversations/:id/messages')
  @HttpCode(201)
  @Doc('Reply to the user: JSON `{ text, clientId }`, or multipart `image` with a `clientId` field', {
    ok: 'AdminSupportMessage',
    ...SUPPORT_SEND_DOC,
    errors: [...SUPPORT_SEND_DOC.errors, 'NOT_FOUND', 'SUPPORT_CLOSED'],
  })
  async reply(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<AdminSupportMessage> {
    return this.agents.reply(op.id, id, await readSupportInput(req), ip(req));
  }

  @Post('conversations/:id/notes')
  @HttpCode(201)
  @Doc('Add an internal note (agents only; never shown to the user)', { ok: 'SupportNote', errors: ['NOT_FOUND'] })
  note(
    @CurrentOperator() op: AuthOperator,
    @Param('id') id: string,
    @ZodBody(supportNoteBody) body: z.infer<typeof supportNoteBody>,
    @Req() req: HttpRequest,
  ): Promise<SupportNote> {
    return this.agents.note(op.id, id, body.text, ip(req));
  }

  @Post('conversations/:id/assign')
  @HttpCode(200)
  @Doc('Assign the conversation to an agent (yourself or another operator with support.chat)', { ok: 'AdminSupportConversation', errors: ['NOT_FOUND'] })
  assign(
    @CurrentOperator() op: AuthOperator,
    @Param('id') id: string,
    @ZodBody(supportAssignBody) body: z.infer<typeof supportAssignBody>,
    @Req() req: HttpRequest,
  ): Promise<AdminSupportConversation> {
    return this.agents.assign(op.id, id, body.operatorId, ip(req));
  }

  @Post('conversations/:id/read')
  @HttpCode(204)
  @Doc("Mark the user's messages read (the user sees it at once)", { errors: ['NOT_FOUND'] })
  read(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    return this.agents.markRead(op.id, id, ip(req));
  }

  @Post('conversations/:id/close')
  @HttpCode(200)
  @Doc('Close the conversation (a new message from the user opens it again)', { ok: 'AdminSupportConversation', errors: ['NOT_FOUND'] })
  close(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<AdminSupportConversation> {
    return this.agents.setStatus(op.id, id, 'closed', ip(req));
  }

  @Post('conversations/:id/reopen')
  @HttpCode(200)
  @Doc('Reopen a closed conversation', { ok: 'AdminSupportConversation', errors: ['NOT_FOUND'] })
  reopen(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<AdminSupportConversation> {
    return this.agents.setStatus(op.id, id, 'open', ip(req));
  }

  @Get('images/:id')
  @Doc('An image of a support chat, by its message id', { ok: 'image', errors: ['NOT_FOUND'] })
  async image(@Param('id') id: string, @Res() res: HttpReply): Promise<void> {
    await sendImage(res, await this.agents.image(id), 'support.jpg');
  }

  @Get('agents')
  @Doc('The operators a conversation may be assigned to', { ok: 'SupportAgent[]' })
  listAgents(): Promise<SupportAgent[]> {
    return this.agents.agents();
  }

  @Get('canned')
  @Doc('Canned replies, by language', { ok: 'SupportCannedReply[]' })
  canned(@ZodQuery(cannedRepliesQuery) q: z.infer<typeof cannedRepliesQuery>): Promise<SupportCannedReply[]> {
    return this.agents.canned(q.locale);
  }

  @Post('canned')
  @HttpCode(201)
  @Doc('Add a canned reply', { ok: 'SupportCannedReply' })
  createCanned(@CurrentOperator() op: AuthOperator, @ZodBody(cannedReplyBody) body: CannedReplyBody, @Req() req: HttpRequest): Promise<SupportCannedReply> {
    return this.agents.createCanned(op.id, body, ip(req));
  }

  @Patch('canned/:id')
  @Doc('Change a canned reply', { ok: 'SupportCannedReply', errors: ['NOT_FOUND'] })
  updateCanned(
    @CurrentOperator() op: AuthOperator,
    @Param('id') id: string,
    @ZodBody(cannedReplyPatch) body: CannedReplyPatch,
    @Req() req: HttpRequest,
  ): Promise<SupportCannedReply> {
    return this.agents.updateCanned(op.id, id, body, ip(req));
  }

  @Delete('canned/:id')
  @HttpCode(204)
  @Doc('Delete a canned reply', { errors: ['NOT_FOUND'] })
  deleteCanned(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    return this.agents.deleteCanned(op.id, id, ip(req));
  }
}
