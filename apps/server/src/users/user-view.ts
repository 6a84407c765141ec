import type { UserProfile } from '@candor/contracts';
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
    createdAt: u.createdAt.toISOString(),
  };
}
