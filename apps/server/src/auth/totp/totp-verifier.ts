import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { verify } from 'otplib';
import { DomainError } from '../../common/domain-error.js';
import { countTry, tryWasRight } from '../login-failures.js';
import { decryptSecret, hashRecoveryCode, looksLikeTotp, TOTP_PERIOD_SECONDS } from './totp-crypto.js';

/** Wrong codes of one holder within TOTP_FAILURE_WINDOW_SECONDS before the second factor refuses everything (429). */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_SECONDS = 15 * 60;

/** An account with a second factor: its stored (encrypted) secret and the last time step it accepted. */
export interface TotpHolder {
  id: string;
  totpSecretEnc: string | null;
  totpLastStep: string | null;
}

/** Where one kind of account (operators, users) keeps its second factor; both calls win at most once. */
export interface TotpStore {
  /** Records `step` if it is newer than the stored one; false for a replay or a lost race. */
  advanceTotpStep(id: string, step: number): Promise<boolean>;
  /** Marks the unused recovery code with this hash used; false when there is none. */
  useRecoveryCode(id: string, codeHash: string): Promise<boolean>;
}

export interface TotpVerifierOptions {
  /** For the log: whose secret did not open. */
  holderKind: 'operator' | 'user';
  /** The variable the key comes from, named in the log when a secret does not open. */
  keyVariable: string;
  key: Buffer;
  redis: Redis;
  store: TotpStore;
  /** The holder's failure counter (reset by a right code) and the address's (a right code gives its try back). */
  failureKey(holderId: string): string;
  addressKey(ip: string): string;
  addressLimit: number;
}

/** What a right code was. */
export type TotpAccepted = 'totp' | 'recovery';

/**
 * The second factor's checks, shared by operators and users: TOTP codes (each time step accepted once, one step
 * of clock drift either way), one-use recovery codes kept as keyed hashes, and a failure budget per holder and
 * per client address counted before a code is judged.
 */
export class TotpVerifier {
  private readonly log = new Logger('totp');

  constructor(private readonly o: TotpVerifierOptions) {}

  /**
   * Counts this try, then judges it: a current code not used before, or an unused recovery code (spent here).
   * Answers what it was, or null for a wrong one (its try stays counted); RATE_LIMITED unjudged past a budget.
   */
  async judge(holder: TotpHolder, code: string, ip: string): Promise<TotpAccepted | null> {
    await this.countTry(holder.id, ip);
    if (looksLikeTotp(code)) return (await this.acceptTotp(holder, code.replace(/\s/g, ''))) ? 'totp' : null;
    return (await this.o.store.useRecoveryCode(holder.id, hashRecoveryCode(this.o.key, code))) ? 'recovery' : null;
  }

  /** The time step of a right code for a secret not stored yet (an enrolment), or null; counted like any try. */
  async judgeNew(holderId: string, secretEnc: string, code: string, ip: string): Promise<number | null> {
    await this.countTry(holderId, ip);
    return looksLikeTotp(code) ? this.verifyCode(decryptSecret(this.o.key, secretEnc), code.replace(/\s/g, ''), null) : null;
  }

  /** A right code: the holder's budget starts again; the address gets back the try it counted. */
  succeeded(holderId: string, ip: string): Promise<void> {
    return tryWasRight(this.o.redis, [this.o.failureKey(holderId)], [this.o.addressKey(ip || '?')]);
  }

  /**
   * Counts this try against the holder's and the address's budgets before the code is judged, so a burst
   * of parallel codes gets at most TOTP_MAX_FAILURES judged; a try over either budget is refused unjudged.
   */
  async countTry(holderId: string, ip: string): Promise<void> {
    const retryMs = await countTry(
      this.o.redis,
      [
        { key: this.o.failureKey(holderId), limit: TOTP_MAX_FAILURES },
        { key: this.o.addressKey(ip || '?'), limit: this.o.addressLimit },
      ],
      TOTP_FAILURE_WINDOW_SECONDS,
    );
    if (retryMs !== null) throw DomainError.rateLimited(retryMs);
  }

  /** The matched time step, or null; codes of `after` or earlier are refused (replay). One step of clock drift either way is allowed. */
  async verifyCode(secret: string, token: string, after: number | null): Promise<number | null> {
    try {
      const r = await verify({
        secret,
        token,
        period: TOTP_PERIOD_SECONDS,
        epochTolerance: TOTP_PERIOD_SECONDS,
        ...(after !== null ? { afterTimeStep: after } : {}),
      });
      return r.valid && 'timeStep' in r ? r.timeStep : null;
    } catch {
      return null; // otplib throws on an afterTimeStep beyond its window: nothing can match then
    }
  }

  private async acceptTotp(holder: TotpHolder, token: string): Promise<boolean> {
    if (!holder.totpSecretEnc) return false;
    const last = holder.totpLastStep === null ? null : Number(holder.totpLastStep);
    let secret: string;
    try {
      secret = decryptSecret(this.o.key, holder.totpSecretEnc);
    } catch {
      // A secret that does not open under the key (rotated without a restart, or a wrong key): refused, said loudly.
      this.log.error(`the TOTP secret of ${this.o.holderKind} ${holder.id} does not open under ${this.o.keyVariable}: check the key`);
      return false;
    }
    const step = await this.verifyCode(secret, token, last);
    if (step === null) return false;
    // The step is stored only if it is newer than the stored one: of two tries racing with one code, one wins.
    return this.o.store.advanceTotpStep(holder.id, step);
  }
}
