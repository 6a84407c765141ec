import { Module } from '@nestjs/common';
import { WalletController } from './wallet.controller.js';
import { AdminUserMoneyController } from './admin-user-money.controller.js';
import { WalletService } from './wallet.service.js';
import { WalletPushes } from './wallet-pushes.js';

@Module({ controllers: [WalletController, AdminUserMoneyController], providers: [WalletService, WalletPushes], exports: [WalletService, WalletPushes] })
export class WalletModule {}
