import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be read as one another (no I, O, 0, 1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random invitation code of 8 characters: a user's own, or one the platform gives out. */
export function randomInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
