import { generate } from 'otplib';

const PERIOD = 30;

/** The TOTP code of `secret` for the time step `offset` steps from now (what an authenticator app would show). */
export function totpCode(secret: string, offset = 0, now = Date.now()): Promise<string> {
  return generate({ secret, period: PERIOD, epoch: Math.floor(now / 1000) + offset * PERIOD });
}

/** The current time step, as the api stores it in operators.totp_last_step. */
export const currentTimeStep = (now = Date.now()): number => Math.floor(now / 1000 / PERIOD);
