import { Module } from '@nestjs/common';
import { PushNotifications } from './push-notifications.js';
import { PushQueue } from './push-queue.js';
import { PushRepository } from './push.repository.js';
import { PushSubscriptionsController } from './push-subscriptions.controller.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

/**
 * The notifications events cause, queued for the worker: in the api (decisions, support replies) and in the
 * worker (settled orders). The worker also sends them (`PushProcessor` with `PushSender`, in the WorkerModule).
 */
@Module({
  providers: [PushRepository, PushQueue, PushNotifications],
  exports: [PushRepository],
})
export class PushNotificationsModule {}

/** The api's side: the users' subscriptions (`/api/me/push-subscriptions`) and the notifications of its events. */
@Module({
  imports: [PushNotificationsModule],
  controllers: [PushSubscriptionsController],
  providers: [PushSubscriptionsService],
  exports: [PushSubscriptionsService],
})
export class PushModule {}
