import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from '@candor/contracts';
import { startApp, TEST_UPLOADS_DIR, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';

// PUT and DELETE /api/me/avatar, the profile's avatarUrl, and GET /api/avatars/:name: a photo goes through the
// uploads pipeline (type by content, re-encoded as a 256 px square JPEG without metadata), only its owner changes
// it, and a removed photo is served no more.
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' };

/** A landscape PNG with a camera, a time and a GPS position in its EXIF. */
const pngWithGps = (width = 400, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .withExif({ IFD0: { Make: 'Candor Phone', Model: 'C1' }, IFD2: { DateTimeOriginal: '2026:12:01 08:00:00' }, IFD3: GPS })
    .toBuffer();
const jpeg = (background = '#3366cc') =>
  sharp({ create: { width: 120, height: 90, channels: 3, background } })
    .jpeg()
    .toBuffer();

const put = (u: LoggedIn, file: Buffer, name = 'me.png', field = 'avatar') =>
  t.http().put('/api/me/avatar').set(u.auth).set('Accept-Language', 'en').attach(field, file, name);
const me = async (u: LoggedIn) => (await t.http().get('/api/me').set(u.auth).expect(200)).body as { avatarUrl: string | null };
const fetchAvatar = (url: string) => t.http().get(url).buffer(true);
const liveAvatarUploads = (u: LoggedIn): Promise<{ id: string; storage_key: string; width: number; height: number }[]> =>
  t.ds.query(`SELECT id::text, storage_key, width, height FROM uploads WHERE owner_user_id = $1 AND purpose = 'avatar' AND removed_at IS NULL`, [u.id]);

describe('the avatar', () => {
  it('is null in GET /api/me until a photo is uploaded; then a 256 px square JPEG without EXIF or GPS, stored and served', async () => {
    const u = await createUser(t);
    expect((await me(u)).avatarUrl).toBeNull();
    const original = await pngWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await put(u, original).expect(200);
    expect(res.body).toMatchObject({ id: u.id, avatarUrl: expect.stringMatching(/^\/api\/avatars\/[0-9a-f]{64}\.jpg$/) });
    const url = res.body.avatarUrl as string;
    expect((await me(u)).avatarUrl).toBe(url);

    // What the store holds: re-encoded, square, nothing of the original's metadata.
    const [row] = await liveAvatarUploads(u);
    expect(row).toMatchObject({ width: 256, height: 256 });
    const stored = await readFile(path.join(TEST_UPLOADS_DIR, row!.storage_key));
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Candor Phone'))).toBe(false);
    expect(row!.storage_key).toMatch(/^avatar\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);

    // Served without a token (an <img> sends none), under the hash of those very bytes.
    const served = await fetchAvatar(url).expect(200);
    expect((served.body as Buffer).equals(stored)).toBe(true);
    expect(url).toBe(`/api/avatars/${createHash('sha256').update(stored).digest('hex')}.jpg`);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a file that is not an image even when named .jpg, another type by content, an empty file and a missing part', async () => {
    const u = await createUser(t);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases: [string, Buffer, string, string][] = [
      ['text named .jpg', Buffer.from('just some text, not a photo'), 'photo.jpg', 'not_an_image'],
      ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'not_an_image'],
      ['a GIF named .jpg', gif, 'x.jpg', 'unsupported_type'],
      ['a truncated JPEG', (await jpeg()).subarray(0, 200), 'x.jpg', 'corrupt'],
    ];
    for (const [what, file, name, reason] of cases) {
      const res = await put(u, file, name);
      expect({ what, status: res.status, error: res.body.error }).toMatchObject({
        what,
        status: 400,
        error: { code: 'IMAGE_INVALID', field: 'avatar', reason, message: expect.any(String) },
      });
    }
    const empty = await put(u, Buffer.alloc(0), 'x.jpg').expect(400);
    expect(empty.body.error).toMatchObject({ code: 'IMAGE_INVALID', field: 'avatar', reason: 'missing' });
    const wrongField = await put(u, await jpeg(), 'x.jpg', 'photo').expect(400);
    expect(wrongField.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'photo' });
    const json = await t.http().put('/api/me/avatar').set(u.auth).send({ avatar: 'x' }).expect(400);
    expect(json.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
    // In the asked language.
    const zh = await put(u, Buffer.from('text'), 'a.jpg').set('Accept-Language', 'zh-TW').expect(400);
    expect(zh.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await me(u)).avatarUrl).toBeNull();
    expect(await liveAvatarUploads(u)).toHaveLength(0);
  });

  it('refuses a file over the upload limit with 413 UPLOAD_TOO_LARGE and keeps nothing', async () => {
    const u = await createUser(t);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await put(u, big, 'big.jpg').expect(413);
    expect(res.body.error).toMatchObject({ code: 'UPLOAD_TOO_LARGE', field: 'avatar', reason: 'too_large' });
    expect((await me(u)).avatarUrl).toBeNull();
    expect(await liveAvatarUploads(u)).toHaveLength(0);
  });

  it('a new photo replaces the old one, whose bytes leave the store; DELETE goes back to none, twice is fine', async () => {
    const u = await createUser(t);
    const first = (await put(u, await jpeg('#112233'), 'a.jpg').expect(200)).body.avatarUrl as string;
    const [firstRow] = await liveAvatarUploads(u);
    const second = (await put(u, await jpeg('#445566'), 'b.jpg').expect(200)).body.avatarUrl as string;
    expect(second).not.toBe(first);
    await fetchAvatar(first).expect(404);
    await fetchAvatar(second).expect(200);
    const rows = await liveAvatarUploads(u);
    expect(rows).toHaveLength(1);
    await expect(readFile(path.join(TEST_UPLOADS_DIR, firstRow!.storage_key))).rejects.toMatchObject({ code: 'ENOENT' });

    const removed = await t.http().delete('/api/me/avatar').set(u.auth).expect(200);
    expect(removed.body).toMatchObject({ id: u.id, avatarUrl: null });
    expect((await me(u)).avatarUrl).toBeNull();
    await fetchAvatar(second).expect(404);
    expect(await liveAvatarUploads(u)).toHaveLength(0);
    await expect(readFile(path.join(TEST_UPLOADS_DIR, rows[0]!.storage_key))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await t.http().delete('/api/me/avatar').set(u.auth).expect(200)).body.avatarUrl).toBeNull();
  });

  it('two uploads at once (two tabs) leave exactly one photo, the one the profile names', async () => {
    const u = await createUser(t);
    const [a, b] = await Promise.all([put(u, await jpeg('#aa0000'), 'a.jpg'), put(u, await jpeg('#00aa00'), 'b.jpg')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await liveAvatarUploads(u);
    expect(rows).toHaveLength(1);
    const url = (await me(u)).avatarUrl!;
    await fetchAvatar(url).expect(200);
  });

  it('only its owner changes it: another user’s PUT and DELETE act on their own avatar, and mine stays', async () => {
    const mine = await createUser(t);
    const other = await createUser(t);
    const url = (await put(mine, await pngWithGps(90, 160)).expect(200)).body.avatarUrl as string;
    const theirs = await put(other, await jpeg(), 'x.jpg').expect(200);
    expect(theirs.body.id).toBe(other.id);
    expect(theirs.body.avatarUrl).not.toBe(url);
    await t.http().delete('/api/me/avatar').set(other.auth).expect(200);
    expect((await me(mine)).avatarUrl).toBe(url);
    await fetchAvatar(url).expect(200);
    // No way to name another user: a user id in the path is no route, extra form fields are refused.
    await t.http().delete(`/api/me/avatar/${mine.id}`).set(other.auth).expect(404);
    const withUser = await t
      .http()
      .put('/api/me/avatar')
      .set(other.auth)
      .field('userId', mine.id)
      .attach('avatar', await jpeg(), 'x.jpg')
      .expect(400);
    expect(withUser.body.error.code).toBe('VALIDATION_FAILED');
    expect((await me(mine)).avatarUrl).toBe(url);
  });

  it('needs a user token to change; the public route answers 404 for names that are not an avatar in use', async () => {
    await t
      .http()
      .put('/api/me/avatar')
      .attach('avatar', await jpeg(), 'x.jpg')
      .expect(401);
    await t.http().delete('/api/me/avatar').expect(401);
    for (const name of ['x.jpg', `${'0'.repeat(64)}.jpg`, `${'a'.repeat(64)}.png`, '..%2F..%2Fetc%2Fpasswd', `${'A'.repeat(64)}.jpg`]) {
      const res = await t.http().get(`/api/avatars/${name}`);
      expect({ name, status: res.status, code: res.body?.error?.code }).toEqual({ name, status: 404, code: 'NOT_FOUND' });
    }
    // A content image's hash is not an avatar's name.
    const [content] = await t.ds.query(`SELECT sha256 FROM uploads WHERE purpose = 'content_image' AND removed_at IS NULL LIMIT 1`);
    if (content) await t.http().get(`/api/avatars/${content.sha256}.jpg`).expect(404);
  });
});

describe('the avatar upload is rate-limited as other uploads are', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startApp({ RATE_LIMIT_MONEY_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 RATE_LIMITED past the upload bucket of the account', async () => {
    const u = await createUser(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited.http().put('/api/me/avatar').set(u.auth).attach('avatar', Buffer.from('x'), 'x.jpg')).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
