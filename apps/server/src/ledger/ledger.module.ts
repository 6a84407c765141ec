import { Global, Module } from '@nestjs/common';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

@Global()
@Module({ providers: [LedgerRepository, LedgerService], exports: [LedgerService] })
export class LedgerModule {}
