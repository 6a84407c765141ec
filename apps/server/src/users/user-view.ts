import { API, type UserProfile } from '@candor/contracts';
import type { UserEntity } from '@candor/db';
import { maskPhone } from '@candor/domain';

export function toProfile(u: UserEntity): UserProfile {
  return {
    id: u.id,
    email: u.email,
    phone: maskPhone(u.phone),
    nickname: u.nickname,
    inviteCode: u.inviteCode,
    level: 'ordinary',
    creditScore: u.creditScore,
    kycStatus: u.kycStatus,
    emailConfirmed: u.emailConfirmedAt !== null,
    pendingEmail: u.pendingEmail,
    avatarUrl: avatarUrl(u.avatarSha256),
    totpEnabled: u.totpSecretEnc !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The public URL of an avatar: the hash of its bytes is its name. */
export const avatarUrl = (sha256: string | null): string | null => (sha256 ? `/api${API.avatars}/${sha256}.jpg` : null);
