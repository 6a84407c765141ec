import { describe, expect, it, jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { Injectable } from '@nestjs/common';
import { EventsModule } from './events.module.js';
import { EventBus, OnAppEvent } from './event-bus.js';
import type { AppEvents } from './app-events.js';
import { newTestService } from '../../test/utils.js';

const seen: string[] = [];

@Injectable()
class Listener {
  @OnAppEvent('account.changed')
  async changed(e: AppEvents['account.changed']): Promise<void> {
    await new Promise((r) => setTimeout(r, 5));
    seen.push(`changed:${e.userId}`);
  }

  @OnAppEvent('user.newDevice')
  failing(): void {
    throw new Error('handler broke');
  }
}

describe('EventBus', () => {
  it('resolves publish after every handler has finished, and a failing handler never fails the publisher', async () => {
    const app = await Test.createTestingModule({ imports: [EventsModule], providers: [Listener] }).compile();
    await app.init();
    const bus = app.get(EventBus);
    await bus.publish('account.changed', { userId: 'u1' });
    expect(seen).toEqual(['changed:u1']);
    await expect(bus.publish('user.newDevice', { userId: 'u1', device: 'Chrome', ip: '10.0.0.1', at: '2026-12-01T00:00:00Z' })).resolves.toBeUndefined();
    await app.close();
  });

  it('is built by the unit harness with a fake emitter', async () => {
    const { sut, mocks } = newTestService(EventBus);
    const { EventEmitter2 } = await import('@nestjs/event-emitter');
    const emitter = mocks.get<InstanceType<typeof EventEmitter2>>(EventEmitter2);
    emitter.emitAsync.mockResolvedValue([] as never);
    await sut.publish('account.changed', { userId: 'u2' });
    expect(emitter.emitAsync).toHaveBeenCalledWith('account.changed', { userId: 'u2' });
    jest.clearAllMocks();
  });
});
