import type { BeforeApplicationShutdown } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';

/**
 * A BullMQ processor whose worker stops before the shutdown hooks close the database and Redis: it takes no
 * new job and waits for the one in hand. Left to @nestjs/bullmq, the workers close in the same phase as the
 * database pool, and a job in progress lost its connection mid-transaction ("Connection terminated").
 */
export abstract class GracefulWorkerHost extends WorkerHost implements BeforeApplicationShutdown {
  async beforeApplicationShutdown(): Promise<void> {
    let worker;
    try {
      worker = this.worker;
    } catch {
      return; // never registered (a test that built the module without its workers)
    }
    await worker.close();
  }
}
