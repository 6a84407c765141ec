import { describe, expect, it } from '@jest/globals';
import { REDIS_KEYS } from '@candor/cross-process';
import { REDIS } from '../redis/redis.module.js';
import { newTestService } from '../../test/utils.js';
import { CAPTCHA_TTL_SECONDS, CaptchaService } from './captcha.service.js';

/** A Redis of one map, enough for set / getdel. */
function build() {
  const store = new Map<string, string>();
  const asked: string[] = [];
  const redis = {
    set: async (key: string, value: string) => void store.set(key, value),
    getdel: async (key: string) => {
      asked.push(key);
      const v = store.get(key) ?? null;
      store.delete(key);
      return v;
    },
  };
  const { sut } = newTestService(CaptchaService, [[REDIS, redis]]);
  return { captcha: sut, store, asked };
}

describe('CaptchaService', () => {
  it('stores a 4-digit answer under the id it returns, for the captcha lifetime', async () => {
    const { captcha, store } = build();
    const { captchaId, svg } = await captcha.create();
    expect(svg).toMatch(/^<svg/);
    expect(store.get(REDIS_KEYS.captcha(captchaId))).toMatch(/^\d{4}$/);
    expect(CAPTCHA_TTL_SECONDS).toBe(300);
  });

  it('accepts the right answer once; any attempt consumes the captcha', async () => {
    const { captcha, store } = build();
    const { captchaId } = await captcha.create();
    const answer = store.get(REDIS_KEYS.captcha(captchaId))!;
    await expect(captcha.consume(captchaId, answer)).resolves.toBe(true);
    await expect(captcha.consume(captchaId, answer)).resolves.toBe(false);

    const second = await captcha.create();
    const wrong = store.get(REDIS_KEYS.captcha(second.captchaId)) === '0000' ? '1111' : '0000';
    await expect(captcha.consume(second.captchaId, wrong)).resolves.toBe(false);
    expect(store.has(REDIS_KEYS.captcha(second.captchaId))).toBe(false);
  });

  it('refuses a missing code or a malformed id without asking Redis', async () => {
    const { captcha, asked } = build();
    await expect(captcha.consume(undefined, '1234')).resolves.toBe(false);
    await expect(captcha.consume('id', undefined)).resolves.toBe(false);
    await expect(captcha.consume('../../etc', '1234')).resolves.toBe(false);
    await expect(captcha.consume('x'.repeat(65), '1234')).resolves.toBe(false);
    expect(asked).toEqual([]);
  });
});
