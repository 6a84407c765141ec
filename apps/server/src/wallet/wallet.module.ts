import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { UserAuthGuard } from '../auth/auth.guard.js';
import { serveWalletBeforeNest } from './wallet.route.js';
import { WalletController } from './wallet.controller.js';
import { AdminUserMoneyController } from './admin-user-money.controller.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';
import { WalletPushes } from './wallet-pushes.js';

@Module({
  controllers: [WalletController, AdminUserMoneyController],
  providers: [WalletService, WalletRepository, WalletPushes],
  exports: [WalletService],
})
export class WalletModule {
  // GET /api/wallet: the fast path in wallet.route.ts stands in for WalletController.wallet. Added here,
  // while Nest builds the app: the hook must exist before Nest registers the routes (onModuleInit is later).
  constructor(http: HttpAdapterHost, guard: UserAuthGuard, wallet: WalletService) {
    const fastify = http.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) serveWalletBeforeNest(fastify, guard, wallet);
  }
}
