import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';

/** Keep the lock if it is ours, take it back if it vanished (Redis restarted or flushed), else report it lost. */
const RENEW = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface FeedLeaderOptions {
  ttlMs?: number;
  /** How often the lock is renewed (leader) or tried (follower). */
  intervalMs?: number;
  key?: string;
  onAcquired: () => Promise<void> | void;
  onLost: () => Promise<void> | void;
  log?: { log(msg: string): void; warn(msg: string): void };
}

/**
 * Only one feed produces ticks at a time: `SET feed:leader <id> NX PX ttl`, renewed every
 * `intervalMs` while it runs. A leader that cannot renew (Redis unreachable past the TTL, or
 * another process holds the key) stops producing; followers keep trying, and also try again the
 * moment the leader's lock runs out, so a dead leader is replaced `ttl` after its last renewal.
 */
export class FeedLeader {
  readonly id = `${process.pid}-${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private leader = false;
  private lastRenewed = 0;
  private busy = false;
  private readonly ttlMs: number;
  private readonly intervalMs: number;
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    private readonly opts: FeedLeaderOptions,
  ) {
    this.ttlMs = opts.ttlMs ?? 5000;
    this.intervalMs = opts.intervalMs ?? 1000;
    this.key = opts.key ?? REDIS_KEYS.feedLeader;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.timer = this.expiryTimer = null;
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    if (this.leader) {
      this.leader = false;
      await this.opts.onLost();
      await this.redis.eval(RELEASE, 1, this.key, this.id).catch(() => undefined);
    }
  }

  /** One round: renew or try to acquire. Exposed for tests. */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (this.leader) {
        let kept = false;
        try {
          kept = (await this.redis.eval(RENEW, 1, this.key, this.id, String(this.ttlMs))) === 1;
          if (kept) this.lastRenewed = Date.now();
        } catch (e) {
          // Redis unreachable: we stay leader only while our lock could still be alive.
          kept = Date.now() - this.lastRenewed < this.ttlMs - this.intervalMs;
          this.opts.log?.warn(`feed lock: renew failed (${(e as Error).message})${kept ? '' : ', stepping down'}`);
        }
        if (!kept) {
          this.leader = false;
          this.opts.log?.warn('feed lock lost: this feed stops producing');
          await this.opts.onLost();
        }
        return;
      }
      const got = await this.redis.set(this.key, this.id, 'PX', this.ttlMs, 'NX').catch(() => null);
      if (got === 'OK') {
        this.leader = true;
        this.lastRenewed = Date.now();
        this.opts.log?.log(`feed lock acquired (${this.id})`);
        try {
          await this.opts.onAcquired();
        } catch (e) {
          // Could not start (Postgres down?): give the lock back so this or another feed retries.
          this.opts.log?.warn(`feed could not start: ${(e as Error).message}; releasing the lock`);
          this.leader = false;
          await Promise.resolve(this.opts.onLost()).catch(() => undefined);
          await this.redis.eval(RELEASE, 1, this.key, this.id).catch(() => undefined);
        }
      } else {
        await this.tryAtExpiry();
      }
    } finally {
      this.busy = false;
    }
  }

  /** Another process holds the lock: when it runs out before our next round, try right then. */
  private async tryAtExpiry(): Promise<void> {
    if (!this.timer || this.expiryTimer) return;
    const left = await this.redis.pttl(this.key).catch(() => -1);
    // -2: gone already (try at once); -1: no expiry or Redis unreachable (the rounds go on).
    if (left === -1 || left >= this.intervalMs || !this.timer) return;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = null;
        void this.tick();
      },
      Math.max(0, left) + 2,
    );
  }
}
