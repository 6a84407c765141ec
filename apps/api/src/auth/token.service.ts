import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SubjectType } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface AccessClaims { sub: string; sid: string; typ: SubjectType; role?: string }

const ISSUER = 'candor';
const ALG = 'HS256';
const VERIFIED_CACHE_MAX = 20_000;
const AUDIENCE: Record<SubjectType, string> = { user: 'candor-web', operator: 'candor-console' };

/** Short-lived access JWTs, HS256 pinned on both ends. Users and operators get different audiences. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expMs: number }>();
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

  /**
   * Returns the claims, or null for any bad, expired or wrong-audience token. A token that verified
   * is remembered until it expires (bounded), so a busy client does not pay the HMAC on every request;
   * revocation is still checked by the guards on every request.
   */
  async verify(token: string, typ: SubjectType): Promise<AccessClaims | null> {
    const hit = this.verified.get(token);
    if (hit && hit.claims.typ === typ && hit.expMs > Date.now()) return hit.claims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE[typ] });
      if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims: AccessClaims = { sub: payload.sub, sid: payload.sid, typ, role: typeof payload.role === 'string' ? payload.role : undefined };
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
      this.verified.set(token, { claims, expMs: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
