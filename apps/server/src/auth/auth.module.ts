import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvitationCodeEntity, OperatorEntity, UserEntity } from '@candor/db';
import { RateLimitGuard } from './rate-limit.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { AltchaService } from './altcha.service.js';
import { OperatorAuthGuard, UserAuthGuard } from './auth.guard.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService } from './session.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { LoginEventsRepository } from './login-events.repository.js';
import { OperatorAccessRepository } from './operator-access.repository.js';
import { TokenService } from './token.service.js';
import { TradePasswordService } from './trade-password.service.js';
import { PasswordCheckService } from './password-check.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { MailModule } from '../mail/mail.module.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { UserTotpController } from './totp/user-totp.controller.js';
import { UserTotpRepository } from './totp/user-totp.repository.js';
import { UserTotpService } from './totp/user-totp.service.js';

/** Auth is global: every feature module may guard routes with UserAuthGuard / OperatorAuthGuard. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, InvitationCodeEntity, OperatorEntity]), MailModule],
  controllers: [AuthController, PasswordResetController, UserTotpController],
  providers: [
    AuthService,
    PasswordResetService,
    PasswordResetRepository,
    UserTotpService,
    UserTotpRepository,
    CaptchaService,
    AltchaService,
    PasswordHasher,
    SessionService,
    SessionsRepository,
    LoginEventsRepository,
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
    AltchaService,
    AuthService,
    PasswordHasher,
    SessionService,
    TokenService,
    TradePasswordService,
    PasswordCheckService,
    UserTotpService,
    UsersRepository,
    OperatorAccessRepository,
    UserAuthGuard,
    OperatorAuthGuard,
  ],
})
export class AuthModule {}
