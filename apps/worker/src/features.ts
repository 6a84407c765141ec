import type { Type } from '@nestjs/common';

/** Worker features beyond the foundation (settlement, feed, ...): their modules, processors and other providers. */
export const WORKER_FEATURES: { imports: Type[]; processors: Type[]; providers: Type[] } = { imports: [], processors: [], providers: [] };
