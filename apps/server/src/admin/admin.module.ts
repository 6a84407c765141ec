import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperatorEntity } from '@candor/db';
import { AdminAuthController, AdminController } from './admin.controller.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { OperatorsRepository } from './operators.repository.js';
import { OperatorsService } from './operators.service.js';
import { OperatorTotpService } from './operator-totp.service.js';
import { OperatorAccountsService } from './operator-accounts.service.js';
import { OperatorEnrollmentController, OperatorsController } from './operators.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { UserAccessService } from './user-access.service.js';
import { OperatorReadsService } from './operator-reads.service.js';
import { UserDetailRepository } from './user-detail.repository.js';
import { UserDetailService } from './user-detail.service.js';
import { InvitationCodesController } from './invitation-codes.controller.js';
import { InvitationCodesRepository } from './invitation-codes.repository.js';
import { InvitationCodesService } from './invitation-codes.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OperatorEntity])],
  controllers: [AdminAuthController, OperatorEnrollmentController, AdminController, OperatorsController, AdminUsersController, InvitationCodesController],
  providers: [
    AuditRepository,
    AuditService,
    OperatorsRepository,
    OperatorsService,
    OperatorTotpService,
    OperatorAccountsService,
    UserAccessService,
    OperatorReadsService,
    UserDetailRepository,
    UserDetailService,
    InvitationCodesRepository,
    InvitationCodesService,
  ],
  exports: [AuditService, OperatorReadsService],
})
export class AdminModule {}
