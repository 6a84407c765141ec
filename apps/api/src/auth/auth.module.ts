import { Global, Module } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvitationCodeEntity, OperatorEntity, UserEntity } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { OperatorAuthGuard, UserAuthGuard } from './auth.guard.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';
import { UsersRepository } from '../users/users.repository.js';

@Module({ providers: [RedisThrottlerStorage], exports: [RedisThrottlerStorage] })
class ThrottlerStorageModule {}

/** Auth is global: every feature module may guard routes with UserAuthGuard / OperatorAuthGuard. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, InvitationCodeEntity, OperatorEntity]),
    ThrottlerModule.forRootAsync({
      imports: [ThrottlerStorageModule],
      inject: [APP_CONFIG, RedisThrottlerStorage],
      useFactory: (c: AppConfig, storage: ThrottlerStorage) => ({
        storage,
        throttlers: [
          { name: 'auth', ttl: 60_000, limit: c.RATE_LIMIT_AUTH_PER_MINUTE },
          { name: 'captcha', ttl: 60_000, limit: c.RATE_LIMIT_CAPTCHA_PER_MINUTE },
        ],
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, PasswordHasher, SessionService, TokenService, UsersRepository, UserAuthGuard, OperatorAuthGuard],
  exports: [AuthService, PasswordHasher, SessionService, TokenService, UsersRepository, UserAuthGuard, OperatorAuthGuard],
})
export class AuthModule {}
