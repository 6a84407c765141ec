import { performance } from 'node:perf_hooks';
import { MetricsTime, Worker, type Job, type Processor, type WorkerOptions } from 'bullmq';

/** One run of a job's processor: how long it took and how it ended. */
export interface JobRun {
  queue: string;
  name: string;
  seconds: number;
  /** `delayed`: the job re-delayed itself (BullMQ's DelayedError), as a settle job does until its second is settled. */
  outcome: 'completed' | 'failed' | 'delayed';
  job: Job;
  result?: unknown;
}

/**
 * The worker class @nestjs/bullmq builds (BullModule.workerClass): BullMQ's Worker with its own
 * per-minute completed/failed counts switched on (what Queue.exportPrometheusMetrics reports), and
 * every processor run timed, including the runs that end by re-delaying the job, which BullMQ's
 * events never report.
 */
export class TimedWorker extends Worker {
  /** Set by WorkerMetrics once the worker exists. */
  onRun: ((run: JobRun) => void) | null = null;

  constructor(name: string, processor?: string | URL | null | Processor, opts?: WorkerOptions) {
    super(name, processor, { metrics: { maxDataPoints: MetricsTime.TWO_WEEKS }, ...opts } as WorkerOptions);
  }

  protected override async callProcessJob(job: Job, token: string, signal?: AbortSignal): Promise<unknown> {
    const started = performance.now();
    const report = (outcome: JobRun['outcome'], result?: unknown) =>
      this.onRun?.({ queue: this.name, name: job.name, seconds: (performance.now() - started) / 1000, outcome, job, result });
    try {
      const result = await super.callProcessJob(job, token, signal);
      report('completed', result);
      return result;
    } catch (e) {
      report((e as Error)?.name === 'DelayedError' ? 'delayed' : 'failed');
      throw e;
    }
  }
}
