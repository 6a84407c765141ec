import { Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics.js';

/** The api's metrics (GET /metrics on METRICS_PORT); its request log is set up by bootstrap.ts. */
@Module({ providers: [ApiMetrics], exports: [ApiMetrics] })
export class ObservabilityModule {}
