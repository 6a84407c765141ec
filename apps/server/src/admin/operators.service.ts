import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OperatorEntity } from '@candor/db';
import type { Operator } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import { AuditService } from './audit.service.js';

export const toOperator = (o: OperatorEntity): Operator => ({ id: o.id, email: o.email, role: o.role, createdAt: o.createdAt.toISOString() });

@Injectable()
export class OperatorsService {
  constructor(
    @InjectRepository(OperatorEntity) private readonly operators: Repository<OperatorEntity>,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
  ) {}

  findById(id: string): Promise<OperatorEntity | null> {
    return this.operators.findOne({ where: { id } });
  }

  async login(email: string, password: string, userAgent: string | undefined, ip: string) {
    const op = await this.operators.createQueryBuilder('o').where('lower(o.email) = lower(:email)', { email }).getOne();
    if (!(await this.hasher.verify(op?.passwordHash, password)) || !op) {
      await this.audit.record({ operatorId: null, action: 'operator.login_failed', details: { email: email.slice(0, 254) }, ip });
      throw new DomainError('INVALID_CREDENTIALS');
    }
    const { sessionId, refreshToken } = await this.sessions.create('operator', op.id, userAgent, ip);
    await this.audit.record({ operatorId: op.id, action: 'operator.login', targetType: 'session', targetId: sessionId, ip });
    const accessToken = await this.tokens.sign({ sub: op.id, sid: sessionId, typ: 'operator', role: op.role });
    return { accessToken, refreshToken, operator: toOperator(op) };
  }

  async refresh(token: string | undefined) {
    const r = await this.sessions.rotate(token, 'operator');
    if (!r.ok) throw new DomainError('UNAUTHENTICATED');
    const op = await this.findById(r.subjectId);
    if (!op) throw new DomainError('UNAUTHENTICATED');
    return { accessToken: await this.tokens.sign({ sub: op.id, sid: r.sessionId, typ: 'operator', role: op.role }), refreshToken: r.refreshToken };
  }
}
