import type { UserProfile } from '@candor/contracts';
import type { UserEntity } from '@candor/db';

/** 138****5678, +44****0123: enough to recognise, not enough to copy. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone.replace(/.(?=.{2})/g, '*');
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

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
    createdAt: u.createdAt.toISOString(),
  };
}
