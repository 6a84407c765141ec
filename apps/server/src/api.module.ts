import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { EventsModule } from './events/events.module.js';
import { ErrorFilter } from './common/error.filter.js';
import { DatabaseModule } from './database/database.module.js';
import { RedisModule } from './redis/redis.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AdminModule } from './admin/admin.module.js';
import { OpsModule } from './ops/ops.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { AccountModule } from './account/account.module.js';
import { WalletModule } from './wallet/wallet.module.js';
import { WithdrawalsModule } from './withdrawals/withdrawals.module.js';
import { DepositsModule } from './deposits/deposits.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { MarketModule } from './market/market.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { HealthModule } from './health/health.module.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { ContentModule } from './content/content.module.js';
import { Clock, ClockModule } from './common/clock.js';
import { EarnModule } from './earn/earn.module.js';
import { KycModule } from './kyc/kyc.module.js';
import { SupportModule } from './support/support.module.js';
import { WatchlistModule } from './watchlist/watchlist.module.js';
import { PriceAlertsModule } from './alerts/price-alerts.module.js';
import { LimitsModule } from './limits/limits.module.js';
import { LiabilitiesModule } from './liabilities/liabilities.module.js';
import { PushModule } from './push/push.module.js';
import { TransparencyModule } from './transparency/transparency.module.js';
import { CountriesModule } from './countries/countries.module.js';
import { AdminBlockedCountriesModule } from './admin/admin-blocked-countries.module.js';

/** The api process: REST under /api and the socket.io gateway. `extra` lets tests add modules; `opts.clock` only tests pass. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, extra: Type[] = [], opts: { clock?: Clock } = {}): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(opts.clock),
        EventsModule,
        DatabaseModule,
        RedisModule,
        LedgerModule,
        AuthModule,
        AdminModule,
        OpsModule,
        DashboardModule,
        AccountModule,
        WatchlistModule,
        PriceAlertsModule,
        LiabilitiesModule,
        TransparencyModule,
        PushModule,
        WalletModule,
        MessagesModule,
        LimitsModule,
        CountriesModule,
        AdminBlockedCountriesModule,
        ObservabilityModule,
        DepositsModule,
        WithdrawalsModule,
        RealtimeModule,
        MarketModule,
        OrdersModule,
        EarnModule,
        KycModule,
        SupportModule,
        ContentModule,
        HealthModule,
        ...extra,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }
}
