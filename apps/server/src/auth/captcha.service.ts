import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import svgCaptcha from 'svg-captcha';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS } from '@candor/cross-process';

export const CAPTCHA_TTL_SECONDS = 300;

/** 4-digit graphic captcha; the answer lives in Redis for 5 minutes and is consumed by the first check. */
@Injectable()
export class CaptchaService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async create(): Promise<{ captchaId: string; svg: string }> {
    const c = svgCaptcha.create({ size: 4, charPreset: '0123456789', noise: 3, color: true, background: '#f2f5fb', width: 120, height: 44 });
    const captchaId = randomUUID();
    await this.redis.set(REDIS_KEYS.captcha(captchaId), c.text, 'EX', CAPTCHA_TTL_SECONDS);
    return { captchaId, svg: c.data };
  }

  /** True once for the right answer; the captcha is gone after any attempt. */
  async consume(captchaId: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaId || !code || !/^[\w-]{1,64}$/.test(captchaId)) return false;
    const answer = await this.redis.getdel(REDIS_KEYS.captcha(captchaId));
    return answer !== null && answer === code;
  }
}
