import type { Type } from '@nestjs/common';
import { MarketModule } from './market/market.module.js';
import { OrdersModule } from './orders/orders.module.js';

/** Feature modules beyond the foundation (market, trading, ...), registered here. */
export const FEATURE_MODULES: Type[] = [MarketModule, OrdersModule];
