// The seeded admin's TOTP codes for the browser tests (E2E_OPERATOR_TOTP_SECRET). The api accepts each
// 30-second step once per operator, and several test files sign the same admin in: so each code is of a
// step no earlier sign-in of this run used, waiting for the next step when needed. The steps used are
// kept in a file beside the run's data, shared by the test files of one run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';

const PERIOD = 30;
const stepFile = () => path.join(os.tmpdir(), `candor-e2e-totp-${Buffer.from(process.env.E2E_BASE_URL ?? 'local').toString('hex')}.json`);

/** A fresh TOTP code of `secret` (default: the seeded admin's) that this run has not used yet. */
export async function freshTotp(secret = process.env.E2E_OPERATOR_TOTP_SECRET ?? '') {
  if (!secret) throw new Error('E2E_OPERATOR_TOTP_SECRET is not set: run the browser tests through scripts/test.mjs');
  let last = -1;
  try {
    last = JSON.parse(fs.readFileSync(stepFile(), 'utf8')).last ?? -1;
  } catch {
    /* first sign-in of the run */
  }
  for (;;) {
    const step = Math.floor(Date.now() / 1000 / PERIOD);
    // The api allows one step of drift: the next step's code is fresh too when this one was used.
    const use = step > last ? step : step + 1 > last ? step + 1 : null;
    if (use !== null) {
      fs.writeFileSync(stepFile(), JSON.stringify({ last: use }));
      return generate({ secret, period: PERIOD, epoch: use * PERIOD + 1 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
