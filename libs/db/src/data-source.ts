import { DataSource, type DataSourceOptions } from 'typeorm';
import { AuditLogEntity } from './entities/audit-log.entity.js';
import { InvitationCodeEntity } from './entities/invitation-code.entity.js';
import { IdempotencyKeyEntity, JournalEntryEntity, LedgerAccountEntity, PostingEntity } from './entities/ledger.entity.js';
import { OperatorEntity } from './entities/operator.entity.js';
import { OrderEntity } from './entities/order.entity.js';
import { ProductEntity } from './entities/product.entity.js';
import { RefreshTokenEntity, SessionEntity } from './entities/session.entity.js';
import { CandleEntity, TickBlockEntity, TickEntity } from './entities/tick.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { WithdrawalAccountEntity } from './entities/withdrawal-account.entity.js';
import {
  EarnHolderEntity,
  EarnHolidayEntity,
  EarnIncomeEntity,
  EarnOutPartEntity,
  EarnRunEntity,
  EarnSettingsEntity,
  EarnTransferEntity,
} from './entities/earn.entity.js';
import { LedgerPostFunction1763900000000 } from './migrations/1763900000000-LedgerPostFunction.js';
import { PostingsBalancedByIndex1763900000001 } from './migrations/1763900000001-PostingsBalancedByIndex.js';
import { LedgerPostEntries1764000000000 } from './migrations/1764000000000-LedgerPostEntries.js';
import { PostingsReferencesChecked1764000000001 } from './migrations/1764000000001-PostingsReferencesChecked.js';
import { IdempotencyKeysByAge1764000000002 } from './migrations/1764000000002-IdempotencyKeysByAge.js';
import { OpenOrders1764100000000 } from './migrations/1764100000000-OpenOrders.js';
import { LedgerPostEntriesFixedWidth1764100000001 } from './migrations/1764100000001-LedgerPostEntriesFixedWidth.js';
import { JournalEntriesRefIndexDropped1764100000002 } from './migrations/1764100000002-JournalEntriesRefIndexDropped.js';
import { LedgerAccountsFillfactor1764200000000 } from './migrations/1764200000000-LedgerAccountsFillfactor.js';
import { OpenOrdersByUser1764300000000 } from './migrations/1764300000000-OpenOrdersByUser.js';
import { PostingsBalancedPerStatement1764400000000 } from './migrations/1764400000000-PostingsBalancedPerStatement.js';
import { LedgerPostEntriesHouseLockLater1764400000001 } from './migrations/1764400000001-LedgerPostEntriesHouseLockLater.js';
import { WithdrawalAccounts1764500000000 } from './migrations/1764500000000-WithdrawalAccounts.js';
import { Withdrawals1764600000000 } from './migrations/1764600000000-Withdrawals.js';
import { Deposits1764700000000 } from './migrations/1764700000000-Deposits.js';
import { Messages1764800000000 } from './migrations/1764800000000-Messages.js';
import { OperatorAccounts1764900000000 } from './migrations/1764900000000-OperatorAccounts.js';
import { VenuePrices1765100000000 } from './migrations/1765100000000-VenuePrices.js';
import { UserDisabled1765200000000 } from './migrations/1765200000000-UserDisabled.js';
import { EarnOutPartsByUser1765200000001 } from './migrations/1765200000001-EarnOutPartsByUser.js';
import { EarnBatchStatistics1765300000000 } from './migrations/1765300000000-EarnBatchStatistics.js';
import { CatalogueChanges1765400000000 } from './migrations/1765400000000-CatalogueChanges.js';
import { MailAndRecovery1765500000000 } from './migrations/1765500000000-MailAndRecovery.js';
import { PhonesInternational1765500000001 } from './migrations/1765500000001-PhonesInternational.js';
import { FourEyes1765500000002 } from './migrations/1765500000002-FourEyes.js';
import { Verification1765600000000 } from './migrations/1765600000000-Verification.js';
import { Content1765700000000 } from './migrations/1765700000000-Content.js';
import { Watchlist1765800000040 } from './migrations/1765800000040-Watchlist.js';
import { LoginEvents1765900000700 } from './migrations/1765900000700-LoginEvents.js';
import { DashboardIndexes1766000000400 } from './migrations/1766000000400-DashboardIndexes.js';
import { ResponsibleLimits1766000000600 } from './migrations/1766000000600-ResponsibleLimits.js';
import { ReceiptChecks1766000000700 } from './migrations/1766000000700-ReceiptChecks.js';
import { BlockedCountries1766000000800 } from './migrations/1766000000800-BlockedCountries.js';
import { Liabilities1766000000500 } from './migrations/1766000000500-Liabilities.js';
import { PushSubscriptions1766000000300 } from './migrations/1766000000300-PushSubscriptions.js';
import { SupportChat1766000000100 } from './migrations/1766000000100-SupportChat.js';
import { UserTotp1766000000200 } from './migrations/1766000000200-UserTotp.js';
import { MessagesWithdrawn1765800000060 } from './migrations/1765800000060-MessagesWithdrawn.js';
import { PriceAlerts1765800000490 } from './migrations/1765800000490-PriceAlerts.js';
import { DepositReferenceLonger1765800000480 } from './migrations/1765800000480-DepositReferenceLonger.js';
import { UserAvatars1765800000720 } from './migrations/1765800000720-UserAvatars.js';
import { ReviewHistoryIndexes1765800000493 } from './migrations/1765800000493-ReviewHistoryIndexes.js';
import { Earn1765000000000 } from './migrations/1765000000000-Earn.js';
import { Init1763700000000 } from './migrations/1763700000000-Init.js';
import { Market1763800000000 } from './migrations/1763800000000-Market.js';
import { Orders1763800000001 } from './migrations/1763800000001-Orders.js';

/** Entities and migrations are listed here (no globs: ESM and bundling stay predictable). */
export const ENTITIES: Function[] = [
  UserEntity,
  OperatorEntity,
  InvitationCodeEntity,
  SessionEntity,
  RefreshTokenEntity,
  AuditLogEntity,
  LedgerAccountEntity,
  JournalEntryEntity,
  PostingEntity,
  IdempotencyKeyEntity,
  OrderEntity,
  ProductEntity,
  TickEntity,
  TickBlockEntity,
  CandleEntity,
  WithdrawalAccountEntity,
  EarnSettingsEntity,
  EarnHolidayEntity,
  EarnHolderEntity,
  EarnTransferEntity,
  EarnOutPartEntity,
  EarnIncomeEntity,
  EarnRunEntity,
];
export const MIGRATIONS: Function[] = [
  Init1763700000000,
  Market1763800000000,
  Orders1763800000001,
  LedgerPostFunction1763900000000,
  PostingsBalancedByIndex1763900000001,
  LedgerPostEntries1764000000000,
  PostingsReferencesChecked1764000000001,
  IdempotencyKeysByAge1764000000002,
  OpenOrders1764100000000,
  LedgerPostEntriesFixedWidth1764100000001,
  JournalEntriesRefIndexDropped1764100000002,
  LedgerAccountsFillfactor1764200000000,
  OpenOrdersByUser1764300000000,
  PostingsBalancedPerStatement1764400000000,
  LedgerPostEntriesHouseLockLater1764400000001,
  WithdrawalAccounts1764500000000,
  Withdrawals1764600000000,
  Deposits1764700000000,
  Messages1764800000000,
  OperatorAccounts1764900000000,
  Earn1765000000000,
  VenuePrices1765100000000,
  UserDisabled1765200000000,
  EarnOutPartsByUser1765200000001,
  EarnBatchStatistics1765300000000,
  CatalogueChanges1765400000000,
  MailAndRecovery1765500000000,
  PhonesInternational1765500000001,
  FourEyes1765500000002,
  Verification1765600000000,
  Content1765700000000,
  Watchlist1765800000040,
  MessagesWithdrawn1765800000060,
  DepositReferenceLonger1765800000480,
  PriceAlerts1765800000490,
  ReviewHistoryIndexes1765800000493,
  UserAvatars1765800000720,
  LoginEvents1765900000700,
  SupportChat1766000000100,
  UserTotp1766000000200,
  PushSubscriptions1766000000300,
  DashboardIndexes1766000000400,
  Liabilities1766000000500,
  ResponsibleLimits1766000000600,
  ReceiptChecks1766000000700,
  BlockedCountries1766000000800,
];

export function dataSourceOptions(url: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    // The api and worker pass their validated DB_POOL_SIZE; other callers (migrations, tools) use 20.
    extra: { max: 20 },
    ...extra,
  } as DataSourceOptions;
}

export function createDataSource(url: string, extra: Partial<DataSourceOptions> = {}): DataSource {
  return new DataSource(dataSourceOptions(url, extra));
}
