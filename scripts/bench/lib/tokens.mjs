// Access tokens for many bench users without logging each in (argon2 would take minutes): a session
// row per user and a token signed with the platform's secret in the api's format. If that format
// changes, the bench's first request answers 401 and the run stops there.
import { hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

export function signUserTokens(jwtSecret, sessions, ttlSeconds = 3600) {
  return signTokens(jwtSecret, sessions, { typ: 'user' }, 'candor-web', ttlSeconds);
}

/** The same for operators (console tokens): `role` as the api writes it into their claims. */
export function signOperatorTokens(jwtSecret, sessions, role, ttlSeconds = 3600) {
  return signTokens(jwtSecret, sessions, { typ: 'operator', role }, 'candor-console', ttlSeconds);
}

async function signTokens(jwtSecret, sessions, claims, audience, ttlSeconds) {
  const key = new TextEncoder().encode(jwtSecret);
  const tokens = [];
  for (const { id, subject_id } of sessions) {
    tokens.push(
      await new SignJWT({ sid: id, ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: Buffer.from(hkdfSync('sha256', jwtSecret, 'candor-jwt', 'key-id', 8)).toString('hex') })
        .setSubject(subject_id)
        .setIssuer('candor')
        .setAudience(audience)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    );
  }
  return tokens;
}
