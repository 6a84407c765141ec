import { Module } from '@nestjs/common';
import { MeController } from './me.controller.js';
import { SummaryService } from './summary.service.js';

@Module({ controllers: [MeController], providers: [SummaryService] })
export class AccountModule {}
