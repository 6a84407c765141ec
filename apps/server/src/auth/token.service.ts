import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SubjectType } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface AccessClaims {
  sub: string;
  sid: string;
  typ: SubjectType;
  role?: string;
  /** Expiry in seconds since the epoch (set on verified tokens). */
  exp?: number;
}

const ISSUER = 'candor';
const ALG = 'HS256';
const VERIFIED_CACHE_MAX = 20_000;
const AUDIENCE: Record<SubjectType, string> = { user: 'candor-web', operator: 'candor-console' };
/** Audience of the operators' token for the pages outside the api (the /ops/queues dashboard): never an api token. */
const OPS_AUDIENCE = 'candor-ops';

/** Short-lived access JWTs, HS256 pinned on both ends. Users and operators get different audiences. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Verified tokens by their signature (the part after the last dot), each with the whole token, which a hit
   * must equal. Hashing the whole token, a new string of a few hundred characters on every request, cost much
   * more than hashing its signature and comparing the two strings.
   */
  private readonly verified = new Map<string, { token: string; claims: AccessClaims; audience: string; expMs: number }>();
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  sign(claims: AccessClaims): Promise<string> {
    return this.signFor(claims, AUDIENCE[claims.typ], this.config.ACCESS_TOKEN_TTL_SECONDS);
  }

  /** An operator's token for the /ops pages (carried in a cookie scoped to them), valid for ttlSeconds. */
  signOps(claims: AccessClaims & { typ: 'operator' }, ttlSeconds: number): Promise<string> {
    return this.signFor(claims, OPS_AUDIENCE, ttlSeconds);
  }

  /** The claims of a token made by signOps, or null; the api's own tokens are refused here and it is refused by verify. */
  verifyOps(token: string): Promise<AccessClaims | null> {
    return this.verifyFor(token, 'operator', OPS_AUDIENCE);
  }

  private signFor(claims: AccessClaims, audience: string, ttlSeconds: number): Promise<string> {
    return new SignJWT({ sid: claims.sid, typ: claims.typ, ...(claims.role ? { role: claims.role } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Returns the claims, or null for any bad, expired or wrong-audience token. A token that verified
   * is remembered until it expires (bounded), so a busy client does not pay the HMAC on every request;
   * revocation is still checked by the guards on every request.
   */
  verify(token: string, typ: SubjectType): Promise<AccessClaims | null> {
    return this.verifyFor(token, typ, AUDIENCE[typ]);
  }

  private async verifyFor(token: string, typ: SubjectType, audience: string): Promise<AccessClaims | null> {
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const hit = this.verified.get(signature);
    if (hit && hit.token === token && hit.claims.typ === typ && hit.audience === audience && hit.expMs > Date.now()) return hit.claims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER, audience });
      if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims: AccessClaims = {
        sub: payload.sub,
        sid: payload.sid,
        typ,
        role: typeof payload.role === 'string' ? payload.role : undefined,
        exp: payload.exp,
      };
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
      this.verified.set(signature, { token, claims, audience, expMs: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
