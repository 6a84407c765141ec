import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AuditAction } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { REDIS } from '../redis/redis.module.js';
import { AuditService } from './audit.service.js';

/** What of a user's data an operator read: each kind is its own line in the user's operator actions. */
export type OperatorReadKind = 'profile' | 'money' | 'access' | 'sessions' | 'documents';

const ACTION: Record<OperatorReadKind, AuditAction> = {
  profile: 'user.profile_viewed',
  money: 'user.money_viewed',
  access: 'user.access_viewed',
  sessions: 'user.sessions_viewed',
  documents: 'user.documents_viewed',
};

/** A console page refetches as it is used: one line per operator, user and kind in this long is enough to show it. */
export const OPERATOR_READ_WINDOW_SECONDS = 600;

/**
 * Operators' reads of a user's data go into the audit log, which the user reads as operator actions.
 * A read that cannot be audited fails, so no read goes unseen; repeats within the window add no line.
 */
@Injectable()
export class OperatorReadsService {
  constructor(
    private readonly audit: AuditService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async record(operatorId: string, userId: string, kind: OperatorReadKind, ip: string | null): Promise<void> {
    const key = REDIS_KEYS.operatorReadAudited(operatorId, userId, kind);
    // Without Redis the read is audited every time: more lines, never fewer.
    const first = await this.redis.set(key, '1', 'EX', OPERATOR_READ_WINDOW_SECONDS, 'NX').catch(() => 'OK' as const);
    if (first !== 'OK') return;
    try {
      await this.audit.record({ operatorId, action: ACTION[kind], targetType: 'user', targetId: userId, userId, details: { kind }, ip });
    } catch (e) {
      // The next read must try again rather than be taken as audited.
      await this.redis.del(key).catch(() => undefined);
      throw e;
    }
  }
}
