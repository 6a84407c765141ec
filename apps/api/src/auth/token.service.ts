import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SubjectType } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface AccessClaims { sub: string; sid: string; typ: SubjectType; role?: string }

const ISSUER = 'candor';
const ALG = 'HS256';
const AUDIENCE: Record<SubjectType, string> = { user: 'candor-web', operator: 'candor-console' };

/** Short-lived access JWTs, HS256 pinned on both ends. Users and operators get different audiences. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, typ: claims.typ, ...(claims.role ? { role: claims.role } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[claims.typ])
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.config.ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** Returns the claims, or null for any bad, expired or wrong-audience token. */
  async verify(token: string, typ: SubjectType): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE[typ] });
      if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { sub: payload.sub, sid: payload.sid, typ, role: typeof payload.role === 'string' ? payload.role : undefined };
    } catch {
      return null;
    }
  }
}
