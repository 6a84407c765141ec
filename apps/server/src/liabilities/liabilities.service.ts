import { Inject, Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from 'typeorm';
import { addDays, cutoffOn, LIABILITIES_GENESIS, localDate, recordPreimage, type LiabilitiesProof, type ProofStep } from '@candor/domain';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { LiabilitiesRepository, type RootRow } from './liabilities.repository.js';
import {
  buildLevelsFrom,
  CHUNK_NODES,
  EMPTY_HASH_HEX,
  keyId,
  leafSalt,
  NODE_BYTES,
  orderKey,
  readNode,
  siblingIndexes,
  writeLeaf,
} from './liabilities-tree.js';

/** Leaves read back per query while building. */
const READ_PAGE = 100_000;
/** Stored chunks per INSERT (64 x 40 KiB). */
const WRITE_BATCH = 64;

export interface PublishedLiabilities {
  date: string;
  root: string;
  total: string;
}
export interface PublishResult extends PublishedLiabilities {
  leaves: number;
  /** False when the date was already published (nothing was built). */
  built: boolean;
  buildMs: number;
}
export interface ChainItem extends PublishedLiabilities {
  previous: string;
  hash: string;
}

/**
 * The daily proof of liabilities (docs/transparency.md): builds and publishes a date's Merkle sum tree from one
 * consistent snapshot of the ledger, answers a user's own proof from the stored nodes, lists the chain.
 */
@Injectable()
export class LiabilitiesService {
  private readonly log = new Logger('liabilities');
  private readonly key: string;

  constructor(
    private readonly repo: LiabilitiesRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = secretFor(config, 'liabilities');
  }

  /** The date a run now publishes: today's (platform zone) once its snapshot time has passed, else yesterday's. */
  dateDue(now: Date = this.clock.now()): string {
    const tz = this.config.PLATFORM_TIMEZONE;
    const today = localDate(now, tz);
    return now.getTime() >= cutoffOn(today, { timezone: tz, cutoff: this.config.LIABILITIES_SNAPSHOT_TIME }).getTime() ? today : addDays(today, -1);
  }

  /**
   * Builds and publishes `date` (default: the date due), idempotent: a date already published is answered as
   * it is. Refuses a date before the latest published (the chain only grows forward). The internal way to run
   * it now (tests, the worker's job); no route calls it.
   */
  async publish(date: string = this.dateDue()): Promise<PublishResult> {
    const existing = await this.repo.byDate(date);
    if (existing) return { ...view(existing), leaves: existing.leaves, built: false, buildMs: existing.buildMs };
    const started = performance.now();
    try {
      const row = await this.repo.snapshot((m) => this.build(m, date, started));
      this.log.log(`liabilities ${date}: ${row.leaves} leaves, total ${row.total}, root ${row.root} in ${row.buildMs} ms`);
      return { ...view(row), leaves: row.leaves, built: true, buildMs: row.buildMs };
    } catch (e) {
      // Another worker published the same date first: its record stands.
      const again = (e as { code?: string }).code === '23505' ? await this.repo.byDate(date) : null;
      if (again) return { ...view(again), leaves: again.leaves, built: false, buildMs: again.buildMs };
      throw e;
    }
  }

  private async build(m: EntityManager, date: string, started: number): Promise<Omit<RootRow, 'snapshotAt'>> {
    const latest = await this.repo.latest(m);
    if (latest && latest.date >= date) throw new Error(`liabilities: ${date} is not after the latest published date ${latest.date}`);
    const count = await this.repo.insertLeaves(m, date, orderKey(this.key, date));
    const owed = await this.repo.owedTotal(m);

    const leaves = Buffer.allocUnsafe(count * NODE_BYTES);
    let sum = 0n;
    for (let from = 0; from < count; from += READ_PAGE) {
      const page = await this.repo.leaves(m, date, from, Math.min(count, from + READ_PAGE));
      page.forEach((l, k) => {
        const balance = BigInt(l.balance);
        sum += balance;
        writeLeaf(leaves, from + k, leafSalt(this.key, l.userId, date), balance);
      });
    }
    // The snapshot's own check: the leaves hold exactly what the ledger's owed accounts hold.
    if (sum.toString() !== owed) throw new Error(`liabilities ${date}: leaves sum ${sum} but the ledger's user accounts hold ${owed}`);

    const levels = buildLevelsFrom(leaves, count);
    let batch: { level: number; chunk: number; data: Buffer }[] = [];
    for (let level = 0; level < levels.length; level++) {
      const buf = levels[level]!;
      for (let chunk = 0; chunk * CHUNK_NODES * NODE_BYTES < buf.length; chunk++) {
        batch.push({ level, chunk, data: buf.subarray(chunk * CHUNK_NODES * NODE_BYTES, (chunk + 1) * CHUNK_NODES * NODE_BYTES) });
        if (batch.length >= WRITE_BATCH) {
          await this.repo.insertNodes(m, date, batch);
          batch = [];
        }
      }
    }
    await this.repo.insertNodes(m, date, batch);

    const root = readNode(levels[levels.length - 1]!, 0);
    const record = { date, root: root.hash, total: root.sum, previous: latest?.hash ?? LIABILITIES_GENESIS };
    const row = {
      ...record,
      hash: createHash('sha256').update(recordPreimage(record), 'utf8').digest('hex'),
      leaves: count,
      keyId: keyId(this.key),
      buildMs: Math.round(performance.now() - started),
    };
    await this.repo.insertRoot(m, row);
    return row;
  }

  /** The latest published date's root and total (for the transparency page), or null before the first. */
  async latestPublished(): Promise<PublishedLiabilities | null> {
    const row = await this.repo.latest();
    return row ? view(row) : null;
  }

  /** The published chain, oldest first; each `previous` is the `hash` of the record before (docs/transparency.md). */
  async chain(): Promise<ChainItem[]> {
    return (await this.repo.chain()).map((r) => ({ ...view(r), previous: r.previous, hash: r.hash }));
  }

  /**
   * The caller's proof in the latest published tree, from the stored nodes. NOT_FOUND when nothing is
   * published yet, the user has no leaf in it (registered after the snapshot), or it was salted under another key.
   */
  async proof(userId: string): Promise<LiabilitiesProof> {
    const root = await this.repo.latest();
    if (!root || root.keyId !== keyId(this.key)) throw new DomainError('NOT_FOUND');
    const leaf = await this.repo.leafOf(root.date, userId);
    if (!leaf) throw new DomainError('NOT_FOUND');
    const sibs = siblingIndexes(root.leaves, leaf.idx);
    const stored = sibs.filter((s) => s.node !== null).map((s) => ({ level: s.level, index: s.node! }));
    const nodes = await this.repo.nodes(root.date, [{ level: 0, index: leaf.idx }, ...stored], CHUNK_NODES);
    const own = readNode(nodes[0]!, 0);
    const salt = leafSalt(this.key, userId, root.date);
    let k = 1;
    const path: ProofStep[] = sibs.map((s) => {
      const n = s.node === null ? { sum: '0', hash: EMPTY_HASH_HEX } : readNode(nodes[k++]!, 0);
      return { side: s.side, hash: n.hash, sum: n.sum };
    });
    return { date: root.date, root: root.root, total: root.total, balance: own.sum, salt, leaf: own.hash, path };
  }
}

const view = (r: Pick<RootRow, 'date' | 'root' | 'total'>): PublishedLiabilities => ({ date: r.date, root: r.root, total: r.total });
