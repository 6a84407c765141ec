import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';
import { Clock } from '../common/clock.js';
import { REDIS } from '../redis/redis.module.js';
import { ContentRepository } from './content.repository.js';

/** More distinct answers than this (cursors are the reader's to choose) empty the cache instead of growing it. */
const MAX_ENTRIES = 2000;

/**
 * The published content's answers kept in memory. Every operator edit bumps a version in Redis, which each
 * api instance reads per request: a new version drops what it kept, so every instance sees an edit at its
 * next request. Requests that arrive while a read of the version is on its way share that read (one round
 * trip to Redis per burst, not per request); a request arriving in the same round trip as an edit may still
 * get the answer from before it, as if it had come a moment earlier. A scheduled article's time drops them
 * too (nothing else changes what is published).
 */
@Injectable()
export class ContentCache {
  private readonly log = new Logger('content-cache');
  private generation: { version: string; until: number | null } | null = null;
  private readonly entries = new Map<string, unknown>();
  private versionRead: Promise<string> | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly repo: ContentRepository,
    private readonly clock: Clock,
  ) {}

  /** The answer kept under `key` for the current content, or `load`'s (then kept). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let version: string;
    try {
      version = await this.readVersion();
    } catch (err) {
      // Without Redis no instance can tell another of an edit: answer from the database, keep nothing.
      this.log.warn(`content version unreadable, answering uncached: ${(err as Error).message}`);
      this.entries.clear();
      this.generation = null;
      return load();
    }
    await this.renew(version);
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const generation = this.generation;
    const value = await load();
    // An edit seen by another request meanwhile started a new generation: this answer may be older than it.
    if (this.generation === generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }

  /** The content version in Redis; a read already on its way is shared. */
  private readVersion(): Promise<string> {
    this.versionRead ??= this.redis
      .get(REDIS_KEYS.contentVersion)
      .then((v) => v ?? '0')
      .finally(() => {
        this.versionRead = null;
      });
    return this.versionRead;
  }

  /** Tells every api instance that the content changed (after the change committed). */
  async invalidate(): Promise<void> {
    this.entries.clear();
    this.generation = null;
    await this.redis.incr(REDIS_KEYS.contentVersion);
  }

  private async renew(version: string): Promise<void> {
    const now = this.clock.now();
    const g = this.generation;
    if (g && g.version === version && (g.until === null || now.getTime() < g.until)) return;
    this.entries.clear();
    const next = await this.repo.nextPublishAfter(now);
    this.generation = { version, until: next ? next.getTime() : null };
  }
}
