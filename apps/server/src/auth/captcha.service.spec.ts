import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { REDIS_KEYS } from '@candor/cross-process';
import { REDIS } from '../redis/redis.module.js';
import { newTestService } from '../../test/utils.js';
import { CAPTCHA_HEIGHT, CAPTCHA_SCALE, CAPTCHA_TTL_SECONDS, CAPTCHA_WIDTH, CaptchaService } from './captcha.service.js';

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

  it('answers an SVG that only frames one PNG picture: no glyph outline for a path-matching solver to read', async () => {
    const { captcha } = build();
    const { svg } = await captcha.create();
    expect(svg).not.toMatch(/<path|<text|<use|<symbol|<font/i);
    expect(svg.match(/<image\b/g)).toHaveLength(1);
    expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}"`));
    const data = /href="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(svg)?.[1];
    expect(data).toBeDefined();
    const meta = await sharp(Buffer.from(data!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', CAPTCHA_WIDTH * CAPTCHA_SCALE, CAPTCHA_HEIGHT * CAPTCHA_SCALE]);
  });

  it('draws each code differently (noise, placement and colours are random)', async () => {
    const { captcha, store } = build();
    const a = await captcha.create();
    const b = await captcha.create();
    expect(a.svg).not.toBe(b.svg);
    expect(store.size).toBe(2);
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
