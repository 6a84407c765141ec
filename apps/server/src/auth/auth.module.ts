import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvitationCodeEntity, OperatorEntity, UserEntity } from '@candor/db';
import { RateLimitGuard } from './rate-limit.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { OperatorAuthGuard, UserAuthGuard } from './auth.guard.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService } from './session.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { OperatorAccessRepository } from './operator-access.repository.js';
import { TokenService } from './token.service.js';
import { TradePasswordService } from './trade-password.service.js';
import { PasswordCheckService } from './password-check.service.js';
import { UsersRepository } from '../users/users.repository.js';

/** Auth is global: every feature module may guard routes with UserAuthGuard / OperatorAuthGuard. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, InvitationCodeEntity, OperatorEntity])],
  controllers: [AuthController],
  providers: [
    AuthService,
    CaptchaService,
    PasswordHasher,
    SessionService,
    SessionsRepository,
    OperatorAccessRepository,
    TokenService,
    TradePasswordService,
    PasswordCheckService,
    UsersRepository,
    UserAuthGuard,
    OperatorAuthGuard,
    RateLimitGuard,
  ],
  exports: [
    RateLimitGuard,
    AuthService,
    PasswordHasher,
    SessionService,
    TokenService,
    TradePasswordService,
    PasswordCheckService,
    UsersRepository,
    OperatorAccessRepository,
    UserAuthGuard,
    OperatorAuthGuard,
  ],
})
export class AuthModule {}
