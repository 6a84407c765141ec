import { Test } from '@nestjs/testing';
import { describe, expect, it } from '@jest/globals';
import { HealthController } from './health.controller.js';
describe('health', () => {
  it('answers', async () => {
    const m = await Test.createTestingModule({ controllers: [HealthController] }).compile();
    expect(m.get(HealthController).get()).toEqual({ ok: true });
  });
});
