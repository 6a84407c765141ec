import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { UsersRepository } from '../users/users.repository.js';
import { CaptchaService } from './captcha.service.js';
import { countLoginTry, loginLimits, loginTrySucceeded } from './login-failures.js';
import { PasswordHasher } from './password-hasher.js';

export interface PasswordCheckContext {
  ip: string;
  captchaId?: string;
  captchaCode?: string;
}

/**
 * Checks a signed-in user's login password (password change, e-mail change) so that it is never an oracle:
 * each try counts against the same failure budget as the login, per account and per address, before it is
 * judged; past LOGIN_FAILURES_BEFORE_CAPTCHA failures a try must carry the graphic code (CAPTCHA_INVALID).
 */
@Injectable()
export class PasswordCheckService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly captcha: CaptchaService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async verifyLogin(userId: string, password: string, ctx: PasswordCheckContext): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    const who = { account: user.id, ip: ctx.ip };
    if ((await countLoginTry(this.redis, who, loginLimits(this.config))) && !(await this.captcha.consume(ctx.captchaId, ctx.captchaCode))) {
      throw new DomainError('CAPTCHA_INVALID', 'captchaCode');
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) throw new DomainError('OLD_PASSWORD_INVALID', 'oldPassword');
    await loginTrySucceeded(this.redis, who);
  }
}
