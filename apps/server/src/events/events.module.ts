import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { EventBus } from './event-bus.js';

/** The in-process event bus of one api or worker process (`EventBus`, `@OnAppEvent`). */
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false, verboseMemoryLeak: true })],
  providers: [EventBus],
  exports: [EventBus],
})
export class EventsModule {}
