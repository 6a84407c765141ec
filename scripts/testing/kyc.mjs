// Browser-tier and bench helper: an identity verification submitted and approved through the api, as a user
// and a reviewer would, for tests whose subject is something a verified account does (a withdrawal).
import sharp from 'sharp';

/** A small photo-like JPEG (a gradient with a label), different per call so no two uploads are identical. */
export async function samplePhoto(label = 'ID', width = 640, height = 400) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#3b6"/><stop offset="1" stop-color="#36b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="40" y="120" font-size="64" fill="#fff">${label} ${Math.random().toString(36).slice(2, 8)}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A valid Taiwanese national ID number with a random serial (letter A, the standard checksum). */
export function taiwanId() {
  const digits = [1, ...Array.from({ length: 7 }, () => Math.floor(Math.random() * 10))];
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  const sum = 1 * 1 + 0 * 9 + digits.reduce((s, d, i) => s + d * weights[i], 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

/** POST /api/kyc as multipart; answers { status, body }. */
export async function submitKyc({ base, token, name = '王小明', idNumber = taiwanId(), nationality = 'TW', front, back }) {
  const form = new FormData();
  form.set('name', name);
  form.set('idNumber', idNumber);
  form.set('nationality', nationality);
  form.set('front', new Blob([front ?? (await samplePhoto('FRONT'))], { type: 'image/jpeg' }), 'front.jpg');
  form.set('back', new Blob([back ?? (await samplePhoto('BACK'))], { type: 'image/jpeg' }), 'back.jpg');
  const res = await fetch(`${base}/api/kyc`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** Submits a verification for the user and approves it as the operator (a reviewer or admin token). */
export async function verifyIdentity({ base, userToken, operatorToken }) {
  const submitted = await submitKyc({ base, token: userToken });
  if (submitted.status !== 201) throw new Error(`POST /api/kyc answered ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const queue = await fetch(`${base}/api/admin/kyc?status=pending&limit=100`, { headers: { Authorization: `Bearer ${operatorToken}` } }).then((r) => r.json());
  const me = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${userToken}` } }).then((r) => r.json());
  const mine = queue.items?.find((s) => s.userId === me.id);
  if (!mine) throw new Error(`the submission of ${me.id} is not in the review queue`);
  const approved = await fetch(`${base}/api/admin/kyc/${mine.id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${operatorToken}` } });
  if (approved.status !== 200) throw new Error(`approving answered ${approved.status} ${await approved.text()}`);
}
