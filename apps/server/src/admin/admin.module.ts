import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperatorEntity } from '@candor/db';
import { AdminAuthController, AdminController } from './admin.controller.js';
import { AuditService } from './audit.service.js';
import { OperatorsService } from './operators.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OperatorEntity])],
  controllers: [AdminAuthController, AdminController],
  providers: [AuditService, OperatorsService],
  exports: [AuditService],
})
export class AdminModule {}
