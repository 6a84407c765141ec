import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { BACKUP_EVERY_MS, DEFAULT_JOB_OPTIONS, QUEUES, type BackupPayload } from '@candor/cross-process';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { backupDatabase, type BackupResult } from './pg-backup.js';

const SCHEDULER_ID = 'daily-backup';

/** True when this worker was started by `npm start` beside the embedded Postgres it backs up. */
export const managesEmbeddedPostgres = (c: AppConfig): boolean => !!c.EMBEDDED_POSTGRES_BIN_DIR;

/** The daily dump of the embedded Postgres into DATA_DIR/backups, the same code as `npm run backup`. */
@Processor(QUEUES.backup.name)
export class BackupProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('backup');
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async process(job: Job<BackupPayload>): Promise<BackupResult | { skipped: string }> {
    if (job.name !== QUEUES.backup.jobs.dump) throw new Error(`backup: unknown job ${job.name}`);
    if (!managesEmbeddedPostgres(this.config)) return { skipped: 'DATABASE_URL is not the embedded Postgres' };
    const result = await backupDatabase({
      url: this.config.DATABASE_URL,
      dir: path.resolve(this.config.DATA_DIR, 'backups'),
      keepDays: this.config.BACKUP_KEEP_DAYS,
      binDir: this.config.EMBEDDED_POSTGRES_BIN_DIR,
    });
    this.log.log(`wrote ${result.file} (${result.bytes} bytes)${result.pruned.length ? `; removed ${result.pruned.join(', ')}` : ''}`);
    return result;
  }
}

/** Registers the daily backup when this worker manages the embedded Postgres; otherwise says why there is none. */
@Injectable()
export class BackupScheduler implements OnApplicationBootstrap {
  private readonly log = new Logger('backup');
  constructor(
    @InjectQueue(QUEUES.backup.name) private readonly queue: Queue<BackupPayload>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!managesEmbeddedPostgres(this.config)) {
      // A scheduler left by an earlier start on the embedded Postgres must not dump a database we do not manage.
      await this.queue.removeJobScheduler(SCHEDULER_ID);
      this.log.log('daily backup skipped: DATABASE_URL points to a Postgres of your own (back it up with WAL-G, docs/operations.md)');
      return;
    }
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: BACKUP_EVERY_MS },
      { name: QUEUES.backup.jobs.dump, data: { requestedAt: new Date().toISOString() }, opts: { ...DEFAULT_JOB_OPTIONS, attempts: 3 } },
    );
    this.log.log(`daily backup of the embedded Postgres into ${path.resolve(this.config.DATA_DIR, 'backups')}, kept ${this.config.BACKUP_KEEP_DAYS} days`);
  }
}
