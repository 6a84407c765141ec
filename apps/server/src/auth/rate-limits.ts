import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
// @ts-expect-error -- the store the plugin itself uses with `redis` (one EVAL per count) ships without type declarations.
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';
import type { AppConfig } from '../config/config.js';
import { errorEnvelope } from '../common/error.filter.js';
import { isSharedRead, JSON_CONTENT_TYPE } from '../common/http.js';
import { RATE_LIMIT_ROUTE_CONFIG, type RateLimitName, type RouteRateLimit } from './rate-limit.guard.js';
import type { TokenService } from './token.service.js';

/** Every bucket: per address (every /api route), per account (every signed-in request), and the named stricter ones. */
export type BucketName = 'address' | 'account' | RateLimitName | 'accessible';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function bucketLimits(c: AppConfig): Record<BucketName, { max: number; windowMs: number }> {
  return {
    address: { max: c.RATE_LIMIT_ADDRESS_PER_MINUTE, windowMs: MINUTE },
    account: { max: c.RATE_LIMIT_ACCOUNT_PER_MINUTE, windowMs: MINUTE },
    auth: { max: c.RATE_LIMIT_AUTH_PER_MINUTE, windowMs: MINUTE },
    captcha: { max: c.RATE_LIMIT_CAPTCHA_PER_MINUTE, windowMs: MINUTE },
    mail: { max: c.RATE_LIMIT_MAIL_PER_HOUR, windowMs: HOUR },
    money: { max: c.RATE_LIMIT_MONEY_PER_MINUTE, windowMs: MINUTE },
    accessible: { max: c.RATE_LIMIT_ACCESSIBLE_PER_HOUR, windowMs: HOUR },
  };
}

/** Who a request is, for counting: `ip:<address>` always, `user:<id>` / `operator:<id>` with a valid access token. */
interface Subject {
  address: string;
  account: string | null;
}
export type Counted = Extract<Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>, { isAllowed: false }>;
type Limiter = (req: FastifyRequest) => Promise<Counted>;

const SUBJECT = Symbol('candor.rateLimitSubject');
const BINDING = Symbol('candor.rateLimitBinding');
type Marked = FastifyRequest & { [SUBJECT]?: Subject; [BINDING]?: Counted };

/** The plugin's Redis store, one key space per bucket: `rate:<bucket>:<subject>`. */
class BucketStore implements FastifyRateLimitStore {
  private readonly inner: FastifyRateLimitStore;
  constructor(
    private readonly redis: Redis,
    prefix: string = REDIS_KEYS.rateLimitPrefix,
  ) {
    this.inner = new RedisStore(false, false, redis, prefix) as FastifyRateLimitStore;
  }
  incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
    this.inner.incr(...args);
  }
  /** The plugin hands each limiter's merged options here, our `bucket` among them. */
  child(options: object): FastifyRateLimitStore {
    return new BucketStore(this.redis, `${REDIS_KEYS.rateLimitPrefix}${(options as { bucket?: string }).bucket ?? 'other'}:`);
  }
}

/** /api only (the built apps' files are not limited), and never the health check a load balancer polls. */
export function exempt(url: string): boolean {
  return !url.startsWith('/api/') || /^\/api\/health(?:[/?]|$)/.test(url);
}

/** The `typ` claim of a JWT, read without trusting it: only to pick which audience to verify it for. */
export function tokenType(token: string): 'user' | 'operator' | null {
  const payload = token.split('.')[1];
  if (!payload || payload.length > 4096) return null;
  try {
    const typ = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { typ?: unknown }).typ;
    return typ === 'user' || typ === 'operator' ? typ : null;
  } catch {
    return null;
  }
}

async function identify(req: FastifyRequest, tokens: TokenService): Promise<Subject> {
  const address = `ip:${normalizeIP(req.ip ?? '')}`;
  const h = req.headers.authorization;
  if (typeof h !== 'string' || !h.startsWith('Bearer ')) return { address, account: null };
  const token = h.slice(7).trim();
  const typ = tokenType(token);
  // Verified (TokenService caches verified tokens, so the guard after this pays nothing more): a forged `sub` must
  // not spend someone else's allowance. Revocation is the guard's business; a revoked token still counts as its account.
  const claims = typ ? await tokens.verify(token, typ) : null;
  return { address, account: claims ? `${typ}:${claims.sub}` : null };
}

/** The count that binds: an exceeded one (the longest wait), else the one with the fewest requests left. */
export function binding(results: Counted[]): Counted {
  const exceeded = results.filter((r) => r.isExceeded);
  if (exceeded.length) return exceeded.reduce((a, b) => (b.ttl > a.ttl ? b : a));
  return results.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}

/** The standard headers (IETF draft, as the plugin's enableDraftSpec names them) and, past the limit, the 429 envelope. */
function answer(req: Marked, reply: FastifyReply, results: Counted[]): FastifyReply | undefined {
  const r = binding(req[BINDING] ? [req[BINDING], ...results] : results);
  req[BINDING] = r;
  void reply
    .header('ratelimit-limit', r.max)
    .header('ratelimit-remaining', r.isExceeded ? 0 : r.remaining)
    .header('ratelimit-reset', r.ttlInSeconds);
  if (!r.isExceeded) return undefined;
  return reply.code(429).header('retry-after', Math.max(1, r.ttlInSeconds)).type(JSON_CONTENT_TYPE).send(errorEnvelope(req, 'RATE_LIMITED'));
}

/**
 * Rate limits on every /api route with @fastify/rate-limit and its Redis store (so all api instances share the
 * counts). One onRequest hook, before any route's own hooks (the wallet's fast path) and before Nest: it counts the
 * request against its address, its account when signed in, and the route's named bucket (`@RateLimit(name)`), all
 * at once: the few EVALs go out together on the auto-pipelined client, one round trip to Redis. Registration's
 * accessible path is counted in a preHandler, once the body says there is no graphic code.
 */
export async function installRateLimits(app: NestFastifyApplication, redis: Redis, config: AppConfig, tokens: TokenService): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: BucketStore.bind(null, redis) as never, skipOnError: true, enableDraftSpec: true });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const limits = bucketLimits(config);
  const limiter = (bucket: BucketName, subject: (s: Subject) => string): Limiter => {
    const check = fastify.createRateLimit({
      bucket,
      max: limits[bucket].max,
      timeWindow: limits[bucket].windowMs,
      keyGenerator: (req: Marked) => subject(req[SUBJECT]!),
    } as never);
    return (req) => check(req) as Promise<Counted>;
  };
  const byAddress = (s: Subject) => s.address;
  const byAccount = (s: Subject) => s.account ?? s.address;
  const perAddress = limiter('address', byAddress);
  const perAccount = limiter('account', byAccount);
  const accessible = limiter('accessible', byAddress);
  const named = Object.fromEntries(
    (['auth', 'captcha', 'mail', 'money'] as const).map((b) => [b, limiter(b, b === 'auth' || b === 'captcha' ? byAddress : byAccount)]),
  ) as Record<RateLimitName, Limiter>;
  const routeLimit = (req: FastifyRequest) =>
    (req.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[RATE_LIMIT_ROUTE_CONFIG] as RouteRateLimit | undefined;

  fastify.addHook('onRequest', async (req: Marked, reply) => {
    if (exempt(req.url) || isSharedRead(req)) return;
    const subject = (req[SUBJECT] = await identify(req, tokens));
    const route = routeLimit(req);
    const counts = [perAddress(req)];
    if (subject.account) counts.push(perAccount(req));
    if (route) counts.push(named[route.bucket](req));
    return answer(req, reply, await Promise.all(counts));
  });
  fastify.addHook('preHandler', async (req: Marked, reply) => {
    if (!req[SUBJECT] || !routeLimit(req)?.accessible) return;
    const body = req.body as { captchaId?: unknown } | undefined;
    if (body && typeof body === 'object' && body.captchaId) return;
    return answer(req, reply, [await accessible(req)]);
  });
}
