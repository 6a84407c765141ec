import { Module } from '@nestjs/common';
import { MeController } from './me.controller.js';
import { SummaryRepository } from './summary.repository.js';
import { SummaryService } from './summary.service.js';

@Module({ controllers: [MeController], providers: [SummaryRepository, SummaryService] })
export class AccountModule {}
