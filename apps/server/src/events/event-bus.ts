import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import type { AppEventName, AppEvents } from './app-events.js';

/** Publishes the named, typed events of `AppEvents`. */
@Injectable()
export class EventBus {
  private readonly logger = new Logger(EventBus.name);
  constructor(private readonly emitter: EventEmitter2) {}

  /**
   * Runs every handler of the event and resolves when all have finished, so a request's answer (and a test)
   * sees their effects. Call it after the commit: a handler must never see a fact that could still roll back.
   * A failing handler is logged and never fails the publisher, whose own work is already committed.
   */
  async publish<K extends AppEventName>(name: K, payload: AppEvents[K]): Promise<void> {
    try {
      await this.emitter.emitAsync(name, payload);
    } catch (e) {
      this.logger.error({ err: e, event: name }, 'event handler failed');
    }
  }
}

type Handler<K extends AppEventName> = (payload: AppEvents[K]) => unknown;

/** Marks a method as a handler of one named event; its parameter is typed by the event's payload. */
export function OnAppEvent<K extends AppEventName>(name: K) {
  const decorate = OnEvent(name, { async: false, promisify: true, suppressErrors: false });
  return <H extends Handler<K>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    decorate(target, key, descriptor);
  };
}
