import type { Type } from '@nestjs/common';

/** Feature modules beyond the foundation (market, trading, ...), registered here. */
export const FEATURE_MODULES: Type[] = [];
