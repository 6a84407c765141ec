import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { AltchaChallenge } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';

/** How long a challenge may be solved and sent: long enough for a slow phone and a slow typist. */
export const ALTCHA_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'SHA-256' as const;

interface AltchaPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The payload the widget sends (base64 JSON), or null when it is not one. */
function decode(payload: string): AltchaPayload | null {
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<AltchaPayload>;
    const ok =
      typeof p.algorithm === 'string' &&
      typeof p.challenge === 'string' &&
      typeof p.salt === 'string' &&
      typeof p.signature === 'string' &&
      Number.isSafeInteger(p.number);
    return ok ? (p as AltchaPayload) : null;
  } catch {
    return null;
  }
}

/**
 * ALTCHA proof-of-work (altcha-lib's v1 challenge, the shape the widget solves): the client finds a number
 * whose SHA-256 with the salt is the challenge, which costs it maxnumber/2 hashes on average and the server
 * one hash and one HMAC to check. Challenges are signed with their own key and expire; each solution is
 * accepted once (remembered in Redis, so a replay fails on every api instance).
 */
@Injectable()
export class AltchaService {
  private readonly key: string;
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = secretFor(config, 'altcha');
  }

  async challenge(): Promise<AltchaChallenge> {
    const c = await createChallenge({
      algorithm: ALGORITHM,
      hmacKey: this.key,
      maxNumber: this.config.ALTCHA_MAX_NUMBER,
      expires: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
    });
    return { algorithm: c.algorithm, challenge: c.challenge, maxnumber: c.maxnumber, salt: c.salt, signature: c.signature };
  }

  /**
   * Accepts a solution once, else ALTCHA_INVALID (field `altcha`). A missing payload passes only when the
   * configuration does not require one and the caller does not either (`required`: the accessible path,
   * where the proof-of-work stands in for the graphic code).
   */
  async verify(payload: string | undefined, opts: { required?: boolean } = {}): Promise<void> {
    if (!payload) {
      if (opts.required || this.config.ALTCHA_REQUIRED) throw new DomainError('ALTCHA_INVALID', 'altcha');
      return;
    }
    const decoded = decode(payload);
    const p = decoded?.algorithm === ALGORITHM ? { ...decoded, algorithm: ALGORITHM } : null;
    // The salt carries the expiry, signed with the rest: a challenge without one would never expire.
    const expires = p ? Number(extractParams(p).expires) : NaN;
    if (!p || !Number.isFinite(expires) || !(await verifySolution(p, this.key, true))) {
      throw new DomainError('ALTCHA_INVALID', 'altcha');
    }
    const ttl = Math.max(1, Math.ceil(expires - Date.now() / 1000));
    const first = await this.redis.set(REDIS_KEYS.altchaUsed(p.challenge), '1', 'EX', ttl, 'NX');
    if (first !== 'OK') throw new DomainError('ALTCHA_INVALID', 'altcha');
  }
}
