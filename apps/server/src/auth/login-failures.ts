import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';
import type { AppConfig } from '../config/config.js';

/** How long login-password failures are remembered (per account and per address). */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** DECR only while the window lives: a DECR of an expired key would leave a count without expiry. */ const GIVE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

/** Who tries a login password: the account (user id, or the e-mail typed when no account has it) and the client address. */
export interface LoginTry {
  account: string;
  ip: string;
}

/**
 * Counts a try against both budgets at once (counted before the password is judged, so a burst of
 * parallel tries each sees its own number) and answers whether it must carry the graphic code: the
 * account's count past `limits.account` or the address's past `limits.address` (this try included).
 */
export async function countLoginTry(redis: Redis, who: LoginTry, limits: { account: number; address: number }): Promise<boolean> {
  const account = REDIS_KEYS.loginFailures(who.account);
  const address = REDIS_KEYS.loginFailuresByAddress(who.ip || '?');
  const res = await redis
    .multi()
    .incr(account)
    .expire(account, LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
    .incr(address)
    .expire(address, LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
    .exec();
  return Number(res?.[0]?.[1] ?? 0) > limits.account || Number(res?.[2]?.[1] ?? 0) > limits.address;
}

/** A right password: the account starts again, and the address's count gives back this try (its failures stay). */
export async function loginTrySucceeded(redis: Redis, who: LoginTry): Promise<void> {
  await tryWasRight(redis, [REDIS_KEYS.loginFailures(who.account)], [REDIS_KEYS.loginFailuresByAddress(who.ip || '?')]);
}

/** The login's budgets from the configuration. */
export const loginLimits = (config: AppConfig): { account: number; address: number } => ({
  account: config.LOGIN_FAILURES_BEFORE_CAPTCHA,
  address: config.LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA,
});

/** One failure budget: a Redis counter and how many tries it allows in its window. */
export interface TryBudget {
  key: string;
  limit: number;
}

/**
 * Counts one try against every budget before it is judged (INCR first, so parallel tries each get their own
 * number and at most `limit` of them are ever judged). Answers null when the try may be judged, else the
 * milliseconds until the spent budget's window ends (for Retry-After).
 */
export async function countTry(redis: Redis, budgets: readonly TryBudget[], windowSeconds: number): Promise<number | null> {
  const m = redis.multi();
  for (const b of budgets) m.incr(b.key).expire(b.key, windowSeconds, 'NX').pttl(b.key);
  const res = (await m.exec()) ?? [];
  let retryMs: number | null = null;
  budgets.forEach((b, i) => {
    if (Number(res[i * 3]?.[1] ?? 0) <= b.limit) return;
    const ttl = Number(res[i * 3 + 2]?.[1] ?? -1);
    retryMs = Math.max(retryMs ?? 0, ttl > 0 ? ttl : windowSeconds * 1000);
  });
  return retryMs;
}

/** A try that proved right: these budgets start again, and these give back the one try it took. */
export async function tryWasRight(redis: Redis, reset: readonly string[], giveBack: readonly string[]): Promise<void> {
  if (reset.length) await redis.del(...reset);
  for (const key of giveBack) await redis.eval(GIVE_BACK, 1, key);
}
