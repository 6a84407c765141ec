import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { TimedWorker } from './timed-worker.js';
import { WorkerMetrics } from './worker-metrics.js';

/** The worker's metrics and health (GET /metrics, GET /health on WORKER_PORT). */
@Module({})
export class WorkerObservabilityModule {
  /** Also makes @nestjs/bullmq build its workers as TimedWorker, so every processor run is timed. */
  static register(): DynamicModule {
    BullModule.workerClass = TimedWorker;
    return { module: WorkerObservabilityModule, imports: [DiscoveryModule], providers: [WorkerMetrics], exports: [WorkerMetrics] };
  }
}
