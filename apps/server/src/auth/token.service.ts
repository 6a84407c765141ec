import { Inject, Injectable } from '@nestjs/common';
import { hkdfSync, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
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

/**
 * The key id of a signing secret: 8 bytes of HKDF-SHA256 of it, in hex. It names the key without revealing
 * anything that helps to find the secret (which is at least 32 characters).
 */
export function keyId(secret: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'candor-jwt', 'key-id', 8)).toString('hex');
}

/**
 * Short-lived access JWTs, HS256 pinned on both ends. Users and operators get different audiences.
 * JWT_SECRET signs, with its key id in the header; JWT_PREVIOUS_SECRETS only verify, so the secret rotates
 * without signing anyone out. A token whose `kid` names no configured key (or that has none) is refused.
 */
@Injectable()
export class TokenService {
  private readonly signing: { kid: string; key: Uint8Array };
  private readonly verifying = new Map<string, Uint8Array>();
  /**
   * Verified tokens by their signature (the part after the last dot), each with the whole token, which a hit
   * must equal. Hashing the whole token, a new string of a few hundred characters on every request, cost much
   * more than hashing its signature and comparing the two strings. The key id is in the signed header, so
   * the whole-token comparison covers it too.
   */
  private readonly verified = new Map<string, { token: string; claims: AccessClaims; audience: string; expMs: number }>();
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    for (const secret of [...(config.JWT_PREVIOUS_SECRETS ?? []), config.JWT_SECRET]) {
      this.verifying.set(keyId(secret), new TextEncoder().encode(secret));
    }
    this.signing = { kid: keyId(config.JWT_SECRET), key: new TextEncoder().encode(config.JWT_SECRET) };
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
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.signing.kid })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.signing.key);
  }

  /**
   * Returns the claims, or null for any bad, expired or wrong-audience token. A token that verified
   * is remembered until it expires (bounded), so a busy client does not pay the HMAC on every request;
   * revocation is still checked by the guards on every request.
   */
  verify(token: string, typ: SubjectType): Promise<AccessClaims | null> {
    return this.verifyFor(token, typ, AUDIENCE[typ]);
  }

  /** The verifying key the token's header names; throws (the token is refused) for none or an unknown one. */
  private readonly keyFor = (header: JWTHeaderParameters): Uint8Array => {
    const key = header.kid === undefined ? undefined : this.verifying.get(header.kid);
    if (!key) throw new Error('unknown key id');
    return key;
  };

  private async verifyFor(token: string, typ: SubjectType, audience: string): Promise<AccessClaims | null> {
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const hit = this.verified.get(signature);
    if (hit && hit.token === token && hit.claims.typ === typ && hit.audience === audience && hit.expMs > Date.now()) return hit.claims;
    try {
      const { payload } = await jwtVerify(token, this.keyFor, { algorithms: [ALG], issuer: ISSUER, audience });
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
