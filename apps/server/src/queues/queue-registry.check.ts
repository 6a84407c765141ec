import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { QUEUES } from '@candor/cross-process';

const PROCESSOR_METADATA = 'bullmq:processor_metadata';

/** Refuses to boot when a queue in libs/db/src/jobs.ts has no processor, or a job name is used twice. */
@Injectable()
export class QueueRegistryCheck implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const processed = new Set<string>();
    for (const wrapper of this.discovery.getProviders()) {
      const meta = wrapper.metatype ? (Reflect.getMetadata(PROCESSOR_METADATA, wrapper.metatype) as { name?: string } | undefined) : undefined;
      if (meta?.name) processed.add(meta.name);
    }
    const problems = checkRegistry(QUEUES, processed);
    if (problems.length) throw new Error(`worker queue registry: ${problems.join('; ')}`);
  }
}

export function checkRegistry(queues: Record<string, { name: string; jobs: Record<string, string> }>, processed: Set<string>): string[] {
  const problems: string[] = [];
  const jobNames = new Map<string, string>();
  for (const q of Object.values(queues)) {
    if (!processed.has(q.name)) problems.push(`queue ${q.name} has no processor`);
    for (const job of Object.values(q.jobs)) {
      const other = jobNames.get(job);
      if (other) problems.push(`job name ${job} is used by ${other} and ${q.name}`);
      jobNames.set(job, q.name);
    }
  }
  return problems;
}
