import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp, { type Sharp } from 'sharp';
import { startApp, ledgerCheck, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash } from './support/trading.js';
import { taiwanId } from '../../../scripts/testing/kyc.mjs';
import { startS3Server } from '../../../scripts/testing/s3-server.mjs';
import { KycRetention } from '../src/kyc/kyc-retention.js';
import { KycRepository } from '../src/kyc/kyc.repository.js';
import { UploadsService } from '../src/uploads/uploads.service.js';
import { FILE_STORE, type FileStore } from '../src/uploads/file-store.js';

type Auth = { auth: { Authorization: string } };

/** A photo-like JPEG (noise over a gradient, so it does not compress to nothing). */
async function photo(width = 900, height = 600, extra: (s: Sharp) => Sharp = (s) => s): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) ^ ((i * 7919) & 0xff);
  return extra(sharp(raw, { raw: { width, height, channels: 3 } }))
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Runs the whole flow against one storage backend: the local disk (default) or a real S3-protocol server. */
describe.each([['local'], ['s3']])('verification on the %s file store', (backend) => {
  let t: TestApp;
  let admin: Auth;
  let reviewer: Auth;
  let s3: { url: string; close(): Promise<void> } | undefined;
  let store: FileStore;
  const photos: { front: Buffer; back: Buffer } = { front: Buffer.alloc(0), back: Buffer.alloc(0) };

  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server({ bucket: 'candor-test' });
    t = await startApp(s3 ? { STORAGE_URL: s3.url } : {});
    admin = await loginOperator(t);
    reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
    store = t.app.get(FILE_STORE);
    photos.front = await photo();
    photos.back = await photo(800, 500);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const submit = (u: LoggedIn, over: { name?: string; idNumber?: string; nationality?: string; front?: Buffer | null; back?: Buffer | null } = {}) => {
    let req = t
      .http()
      .post('/api/kyc')
      .set(u.auth)
      .field('name', over.name ?? '王小明')
      .field('idNumber', over.idNumber ?? taiwanId())
      .field('nationality', over.nationality ?? 'TW');
    const front = over.front === undefined ? photos.front : over.front;
    const back = over.back === undefined ? photos.back : over.back;
    if (front) req = req.attach('front', front, { filename: 'front.jpg', contentType: 'image/jpeg' });
    if (back) req = req.attach('back', back, { filename: 'back.jpg', contentType: 'image/jpeg' });
    return req;
  };
  const pendingOf = async (u: LoggedIn): Promise<string> => {
    const [row] = await t.ds.query(`SELECT id FROM kyc_submissions WHERE user_id = $1 AND status = 'pending'`, [u.id]);
    return row.id;
  };
  const storedKeys = async (submissionId: string): Promise<string[]> =>
    (
      await t.ds.query(`SELECT up.storage_key FROM kyc_submissions k JOIN uploads up ON up.id IN (k.front_upload_id, k.back_upload_id) WHERE k.id = $1`, [
        submissionId,
      ])
    ).map((r: { storage_key: string }) => r.storage_key);

  it('submit -> approve: verified, told by a message, and every photo view is an operator action', async () => {
    const u = await createUser(t, { kycVerified: false });
    const idNumber = taiwanId();
    // As typed on a phone: lower case, spaces and dashes; kept as the normalised number.
    const typed = `${idNumber.slice(0, 1).toLowerCase()} ${idNumber.slice(1, 4)}-${idNumber.slice(4)}`;
    const res = await submit(u, { idNumber: typed }).expect(201);
    const masked = `${idNumber.slice(0, 2)}******${idNumber.slice(-2)}`;
    expect(res.body).toMatchObject({ status: 'pending', canSubmit: false, name: '王小明', idNumber: masked, nationality: 'TW', attempt: 1 });
    expect(JSON.stringify(res.body)).not.toContain(idNumber);
    const [row] = await t.ds.query(`SELECT id_number_enc, id_hash FROM kyc_submissions WHERE user_id = $1`, [u.id]);
    expect(row.id_number_enc).not.toContain(idNumber.slice(1));
    expect(row.id_hash).toMatch(/^[0-9a-f]{64}$/);

    const id = await pendingOf(u);
    const keys = await storedKeys(id);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await store.get(key)).toBeInstanceOf(Buffer);

    const queue = await t.http().get('/api/admin/kyc?status=pending&limit=100').set(reviewer.auth).expect(200);
    const item = queue.body.items.find((s: { id: string }) => s.id === id);
    expect(item).toMatchObject({ userId: u.id, userEmail: u.email, idNumber: masked, images: { front: `/admin/kyc/${id}/images/front` } });
    const img = await t.http().get(`/api/admin/kyc/${id}/images/front`).set(reviewer.auth).buffer(true).expect(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toBe('no-store');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-disposition']).toMatch(/^inline; filename="/);
    await t.http().get(`/api/admin/kyc/${id}/images/back`).set(reviewer.auth).expect(200);

    const approved = await t.http().post(`/api/admin/kyc/${id}/approve`).set(reviewer.auth).expect(200);
    expect(approved.body).toMatchObject({ status: 'verified', decidedAt: expect.any(String) });
    await t.http().post(`/api/admin/kyc/${id}/approve`).set(admin.auth).expect(409);
    expect((await t.http().get('/api/kyc').set(u.auth).expect(200)).body).toMatchObject({ status: 'verified', canSubmit: false });
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.kycStatus).toBe('verified');
    const inbox = await t.http().get('/api/messages').set(u.auth).set('Accept-Language', 'en').expect(200);
    expect(inbox.body.items[0]).toMatchObject({ title: 'Identity verified' });
    const activity = await t.http().get('/api/me/activity').set(u.auth).expect(200);
    const actions = activity.body.items.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === 'user.documents_viewed')).toHaveLength(2);
    expect(actions).toContain('kyc.approve');
    await submit(u).expect(409, /KYC_ALREADY_SUBMITTED/);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('submit -> reject (retry) -> resubmit -> approve; the note never reaches the user', async () => {
    const u = await createUser(t, { kycVerified: false });
    await submit(u).expect(201);
    const first = await pendingOf(u);
    await submit(u).expect(409, /KYC_ALREADY_SUBMITTED/);
    const rejected = await t
      .http()
      .post(`/api/admin/kyc/${first}/reject`)
      .set(reviewer.auth)
      .send({ reason: 'unreadable', message: 'Please retake the front in daylight.', note: 'glare over the number' })
      .expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', final: false, reason: 'unreadable', note: 'glare over the number' });
    const view = await t.http().get('/api/kyc').set(u.auth).expect(200);
    expect(view.body).toMatchObject({
      status: 'rejected',
      final: false,
      canSubmit: true,
      reason: 'unreadable',
      message: 'Please retake the front in daylight.',
    });
    const userSide = JSON.stringify([
      view.body,
      (await t.http().get('/api/me/activity').set(u.auth)).body,
      (await t.http().get('/api/messages').set(u.auth)).body,
    ]);
    expect(userSide).not.toContain('glare');
    const inbox = await t.http().get('/api/messages').set(u.auth).set('Accept-Language', 'zh-TW').expect(200);
    expect(inbox.body.items[0].body).toContain('照片無法辨識');

    await submit(u).expect(201);
    const second = await pendingOf(u);
    const detail = await t.http().get(`/api/admin/kyc/${second}`).set(reviewer.auth).expect(200);
    expect(detail.body).toMatchObject({ attempt: 2, earlier: [{ id: first, status: 'rejected', attempt: 1 }], user: { id: u.id, kycStatus: 'pending' } });
    await t.http().post(`/api/admin/kyc/${second}/approve`).set(reviewer.auth).expect(200);
    expect((await t.http().get('/api/kyc').set(u.auth)).body).toMatchObject({ status: 'verified', attempt: 2 });
  });

  it('a final rejection closes verification; its photos leave the store after the retention period', async () => {
    const u = await createUser(t, { kycVerified: false });
    await submit(u).expect(201);
    const id = await pendingOf(u);
    await t.http().post(`/api/admin/kyc/${id}/reject`).set(reviewer.auth).send({ reason: 'not_an_id', final: true }).expect(200);
    expect((await t.http().get('/api/kyc').set(u.auth)).body).toMatchObject({ status: 'rejected', final: true, canSubmit: false });
    await submit(u).expect(422, /KYC_CLOSED/);

    const keys = await storedKeys(id);
    await t.ds.query(`UPDATE kyc_submissions SET decided_at = now() - interval '400 days' WHERE id = $1`, [id]);
    // The worker runs this hourly; here it runs over the api's own store and database.
    const retention = new KycRetention(t.config, new KycRepository(t.ds), t.app.get(UploadsService, { strict: false }));
    expect(await retention.removeExpiredImages(new Date())).toBeGreaterThanOrEqual(1);
    for (const key of keys) expect(await store.get(key)).toBeNull();
    const detail = await t.http().get(`/api/admin/kyc/${id}`).set(reviewer.auth).expect(200);
    expect(detail.body.images).toBeNull();
    await t.http().get(`/api/admin/kyc/${id}/images/front`).set(reviewer.auth).expect(404);
  });

  it('refuses bad files as KYC_IMAGE_INVALID, and a photo comes back without its GPS position', async () => {
    const u = await createUser(t, { kycVerified: false });
    const jpeg = await photo();
    const bad: [string, Buffer][] = [
      ['text renamed .jpg', Buffer.from('this is not a picture at all\n'.repeat(50))],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
      ['9 MB', Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(9 * 1024 * 1024, 7)])],
      ['polyglot', Buffer.concat([jpeg.subarray(0, 20), Buffer.from('<html><script>alert(document.cookie)</script></html>')])],
      ['truncated', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
    ];
    for (const [what, file] of bad) {
      const res = await submit(u, { front: file });
      expect({ what, status: res.status, code: res.body.error?.code, field: res.body.error?.field }).toEqual({
        what,
        status: 400,
        code: 'KYC_IMAGE_INVALID',
        field: 'front',
      });
    }
    const missing = await submit(u, { back: null }).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'KYC_IMAGE_INVALID', field: 'back', reason: 'missing' });
    expect(await t.ds.query(`SELECT 1 FROM kyc_submissions WHERE user_id = $1`, [u.id])).toHaveLength(0);
    expect(await t.ds.query(`SELECT 1 FROM uploads WHERE owner_user_id = $1 AND removed_at IS NULL`, [u.id])).toHaveLength(0);

    const withGps = await photo(900, 600, (s) =>
      s.withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' } }),
    );
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    await submit(u, { front: withGps }).expect(201);
    const back = await t.http().get('/api/kyc/images/front').set(u.auth).buffer(true).expect(200);
    const meta = await sharp(back.body as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('checks the identity by nationality, and one ID number serves one account', async () => {
    const u = await createUser(t, { kycVerified: false });
    const cases: [Record<string, string>, string, string][] = [
      [{ nationality: 'CN', name: 'John', idNumber: '11010519491231002X' }, 'name', 'name_format'],
      [{ nationality: 'CN', name: '王小明', idNumber: '110105194912310021' }, 'idNumber', 'id_checksum'],
      [{ nationality: 'TW', name: '王小明', idNumber: 'A123456788' }, 'idNumber', 'id_checksum'],
      [{ nationality: 'XX', name: 'Jane Doe', idNumber: 'P1234567' }, 'nationality', 'nationality_unknown'],
      [{ nationality: 'TW', name: '', idNumber: 'A123456789' }, 'name', 'required'],
    ];
    for (const [fields, field, reason] of cases) {
      const res = await submit(u, fields);
      expect({ fields, status: res.status, error: res.body.error }).toMatchObject({ fields, status: 400, error: { code: 'VALIDATION_FAILED', field, reason } });
    }
    const idNumber = taiwanId();
    await submit(u, { idNumber }).expect(201);
    const other = await createUser(t, { kycVerified: false });
    const dup = await submit(other, { idNumber: idNumber.toLowerCase() }).expect(409);
    expect(dup.body.error).toMatchObject({ code: 'KYC_ID_IN_USE', field: 'idNumber' });
    await t
      .http()
      .post(`/api/admin/kyc/${await pendingOf(u)}/reject`)
      .set(reviewer.auth)
      .send({ reason: 'mismatch' })
      .expect(200);
    await submit(other, { idNumber }).expect(201);
    await submit(u, { nationality: 'US', name: 'Jane Doe', idNumber: `P${Date.now()}` }).expect(201);
  });

  it('keeps each user to their own: another user, a user token and a role without the permission get nothing', async () => {
    const [a, b] = [await createUser(t, { kycVerified: false }), await createUser(t, { kycVerified: false })];
    await submit(a).expect(201);
    const id = await pendingOf(a);
    await t.http().get('/api/kyc/images/front').set(b.auth).expect(404);
    expect((await t.http().get('/api/kyc').set(b.auth).expect(200)).body).toMatchObject({ status: 'not_submitted', name: null });
    await t.http().get('/api/kyc/images/side').set(a.auth).expect(404);
    await t.http().get(`/api/admin/kyc/${id}`).set(a.auth).expect(401);
    await t.http().get(`/api/admin/kyc/${id}/images/front`).set(b.auth).expect(401);
    for (const role of ['support', 'finance'] as const) {
      const op = await loginOperator(t, await createOperator(t, role));
      await t.http().get('/api/admin/kyc').set(op.auth).expect(403);
      await t.http().get(`/api/admin/kyc/${id}`).set(op.auth).expect(403);
      await t.http().get(`/api/admin/kyc/${id}/images/front`).set(op.auth).expect(403);
      await t.http().post(`/api/admin/kyc/${id}/approve`).set(op.auth).expect(403);
      await t.http().post(`/api/admin/kyc/${id}/reject`).set(op.auth).send({ reason: 'other' }).expect(403);
    }
    expect((await t.http().get('/api/kyc').set(a.auth)).body.status).toBe('pending');
    const views = await t.ds.query(`SELECT 1 FROM audit_log WHERE action = 'user.documents_viewed' AND target_id = $1`, [id]);
    expect(views).toHaveLength(0);
  });

  it('withdrawals need a verified identity; trading money in does not', async () => {
    const u = await createUser(t, { kycVerified: false });
    await fundCash(t, u.id, 50_000);
    await t
      .http()
      .put('/api/withdrawal-account')
      .set(u.auth)
      .send({
        type: 'crypto',
        accountName: 'Chen Mei',
        nationality: 'Taiwan',
        network: 'TRC20',
        currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        tradePassword: u.tradePassword,
      })
      .expect(200);
    const refused = await t.http().post('/api/withdrawals').set(u.auth).send({ amount: '10', tradePassword: u.tradePassword }).expect(403);
    expect(refused.body.error.code).toBe('KYC_REQUIRED');
    await submit(u).expect(201);
    await t
      .http()
      .post(`/api/admin/kyc/${await pendingOf(u)}/approve`)
      .set(reviewer.auth)
      .expect(200);
    await t.http().post('/api/withdrawals').set(u.auth).send({ amount: '10', tradePassword: u.tradePassword }).expect(201);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('a deposit carries one payment slip, seen by its owner and, audited, by a reviewer', async () => {
    const method = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳' }, details: { bank: 'Test' }, minAmount: 1, maxAmount: 100000 })
      .expect(201);
    const [u, other] = [await createUser(t, { kycVerified: false }), await createUser(t)];
    const deposit = await t.http().post('/api/deposits').set(u.auth).send({ methodId: method.body.id, amount: '500' }).expect(201);
    expect(deposit.body.slip).toBe(false);
    const slip = (file: Buffer, who = u) =>
      t.http().post(`/api/deposits/${deposit.body.id}/slip`).set(who.auth).attach('slip', file, { filename: 'slip.png', contentType: 'image/png' });
    const png = await sharp({ create: { width: 400, height: 700, channels: 3, background: '#f0f0f0' } })
      .png()
      .toBuffer();
    await slip(png, other).expect(404);
    const bad = await slip(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'IMAGE_INVALID', field: 'slip' });
    const attached = await slip(png).expect(201);
    expect(attached.body).toMatchObject({ id: deposit.body.id, slip: true, status: 'in_review' });
    await slip(png).expect(409, /SLIP_NOT_ACCEPTED/);
    const mine = await t.http().get(`/api/deposits/${deposit.body.id}/slip`).set(u.auth).buffer(true).expect(200);
    expect((await sharp(mine.body as Buffer).metadata()).format).toBe('jpeg');
    await t.http().get(`/api/deposits/${deposit.body.id}/slip`).set(other.auth).expect(404);
    const queue = await t.http().get('/api/admin/deposits').set(reviewer.auth).expect(200);
    expect(queue.body.items.find((d: { id: string }) => d.id === deposit.body.id)).toMatchObject({ slip: true });
    await t.http().get(`/api/admin/deposits/${deposit.body.id}/slip`).set(reviewer.auth).expect(200);
    const activity = await t.http().get('/api/me/activity').set(u.auth).expect(200);
    expect(activity.body.items.map((e: { action: string }) => e.action)).toContain('deposit.slip_viewed');
    await t.http().post(`/api/admin/deposits/${deposit.body.id}/approve`).set(reviewer.auth).expect(200);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
