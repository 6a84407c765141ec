// Browser-tier helper: a second operator, created by an admin and enrolled in TOTP through the api as an operator
// would at first sign-in (every role signs in with a second factor), for tests that need four eyes.
import { freshTotp } from './totp.mjs';

async function post(base, path, body, token) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * The access token of a new operator of `role`. `paths`: `{ API, ADMIN_AUTH }` of @candor/contracts, passed in
 * so the api's paths stay spelled once.
 */
export async function enrolledOperatorToken({ base, paths, adminToken, role = 'reviewer' }) {
  const email = `second-${role}-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const password = 'Second-op-e2e-2024';
  const created = await post(base, paths.API.adminOperators, { email, password, role }, adminToken);
  if (created.status !== 201) throw new Error(`creating an operator answered ${created.status} ${JSON.stringify(created.body)}`);
  const first = await post(base, paths.API.adminLogin, { email, password });
  const enrollmentToken = first.body?.error?.enrollmentToken;
  if (first.status !== 401 || first.body?.error?.code !== 'TOTP_REQUIRED' || !enrollmentToken) {
    throw new Error(`a new operator's first sign-in answered ${first.status} ${JSON.stringify(first.body)}`);
  }
  const started = await post(base, paths.ADMIN_AUTH.enrollment, { enrollmentToken });
  const confirmed = await post(base, paths.ADMIN_AUTH.enrollmentConfirm, { enrollmentToken, totp: await freshTotp(started.body.secret) });
  if (confirmed.status !== 200) throw new Error(`enrolment answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return confirmed.body.accessToken;
}
