import { describe, expect, it, jest } from '@jest/globals';
import type { Job, Queue } from 'bullmq';
import { BACKUP_EVERY_MS, QUEUES, type BackupPayload } from '@candor/cross-process';
import type { AppConfig } from '../config/config.js';
import { BackupProcessor, BackupScheduler } from './backup.processor.js';

const config = (embedded: boolean) =>
  ({
    DATABASE_URL: 'postgres://x@127.0.0.1:1/candor',
    DATA_DIR: '/tmp/none',
    BACKUP_KEEP_DAYS: 7,
    ...(embedded ? { EMBEDDED_POSTGRES_BIN_DIR: '/pg/bin' } : {}),
  }) as AppConfig;

function fakeQueue() {
  return {
    upsertJobScheduler: jest.fn(async (..._args: unknown[]) => undefined),
    removeJobScheduler: jest.fn(async (..._id: unknown[]) => true),
  };
}

describe('the daily backup', () => {
  it('is scheduled every 24 h when the worker runs beside the embedded Postgres', async () => {
    const queue = fakeQueue();
    await new BackupScheduler(queue as unknown as Queue<BackupPayload>, config(true)).onApplicationBootstrap();
    expect(queue.upsertJobScheduler).toHaveBeenCalledWith(
      'daily-backup',
      { every: BACKUP_EVERY_MS },
      expect.objectContaining({ name: QUEUES.backup.jobs.dump }),
    );
    expect(BACKUP_EVERY_MS).toBe(24 * 60 * 60 * 1000);
    expect(queue.removeJobScheduler).not.toHaveBeenCalled();
  });

  it('is not scheduled (and an earlier schedule is removed) when DATABASE_URL is a Postgres of your own', async () => {
    const queue = fakeQueue();
    await new BackupScheduler(queue as unknown as Queue<BackupPayload>, config(false)).onApplicationBootstrap();
    expect(queue.upsertJobScheduler).not.toHaveBeenCalled();
    expect(queue.removeJobScheduler).toHaveBeenCalledWith('daily-backup');
  });

  it('a job that reaches a worker without the embedded Postgres dumps nothing; an unknown job fails', async () => {
    const job = (name: string) => ({ name, data: { requestedAt: '' } }) as Job<BackupPayload>;
    await expect(new BackupProcessor(config(false)).process(job(QUEUES.backup.jobs.dump))).resolves.toEqual({
      skipped: 'DATABASE_URL is not the embedded Postgres',
    });
    await expect(new BackupProcessor(config(true)).process(job('other'))).rejects.toThrow('unknown job other');
  });
});
