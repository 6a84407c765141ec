// Access tokens for many bench users without logging each in (argon2 would take minutes): a session
// row per user and a token signed with the platform's secret in the api's format. If that format
// changes, the bench's first request answers 401 and the run stops there.
import { hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

export async function signUserTokens(jwtSecret, sessions, ttlSeconds = 3600) {
  const key = new TextEncoder().encode(jwtSecret);
  const tokens = [];
  for (const { id, subject_id } of sessions) {
    tokens.push(
      await new SignJWT({ sid: id, typ: 'user' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: Buffer.from(hkdfSync('sha256', jwtSecret, 'candor-jwt', 'key-id', 8)).toString('hex') })
        .setSubject(subject_id)
        .setIssuer('candor')
        .setAudience('candor-web')
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    );
  }
  return tokens;
}
