import { Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { pushKindsBody, pushSubscriptionBody, type PushKindsBody, type PushSubscriptionBody, type PushSubscriptionView } from '@candor/contracts';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

/** The signed-in user's Web Push subscriptions: always the caller's own; another user's is 404. */
@Controller('me/push-subscriptions')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class PushSubscriptionsController {
  constructor(private readonly push: PushSubscriptionsService) {}

  @Get()
  @Doc("The caller's push subscriptions (one per browser), most recently registered first", { ok: '{ items: PushSubscriptionView[] }' })
  list(@CurrentUser() u: AuthUser): Promise<{ items: PushSubscriptionView[] }> {
    return this.push.list(u.id);
  }

  @Post()
  @HttpCode(201)
  @Doc("Registers this browser's push subscription (the same endpoint again updates it; another user's becomes the caller's)", {
    ok: '{ id }',
    description:
      'Body: `PushSubscription.toJSON()` plus optional `kinds` (absent: every kind for a new endpoint, the kinds it had for a known one). ' +
      'The endpoint must be on a known push service (PUSH_SERVICE_HOSTS). At most 10 per user: the least recently registered goes.',
    errors: ['PUSH_ENDPOINT_NOT_ALLOWED', 'PUSH_UNAVAILABLE'],
  })
  register(@CurrentUser() u: AuthUser, @ZodBody(pushSubscriptionBody) body: PushSubscriptionBody): Promise<{ id: string }> {
    return this.push.register(u.id, body);
  }

  @Patch(':id')
  @Doc('Sets which kinds of notification one of the subscriptions receives', { ok: 'PushSubscriptionView', errors: ['NOT_FOUND'] })
  setKinds(@CurrentUser() u: AuthUser, @Param('id') id: string, @ZodBody(pushKindsBody) body: PushKindsBody): Promise<PushSubscriptionView> {
    return this.push.setKinds(u.id, id, body.kinds);
  }

  @Delete(':id')
  @HttpCode(204)
  @Doc('Removes one of the push subscriptions: that browser gets no more notifications', { errors: ['NOT_FOUND'] })
  remove(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<void> {
    return this.push.remove(u.id, id);
  }
}
