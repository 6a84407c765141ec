import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startS3Server } from '../../../scripts/testing/s3-server.mjs';
import { SystemClock } from '../src/common/clock.js';
import { createFileStore } from '../src/uploads/create-file-store.js';
import type { FileStore } from '../src/uploads/file-store.js';
import { cleanImage } from '../src/uploads/image-pipeline.js';
import { LocalFileStore } from '../src/uploads/local-file-store.js';
import { S3FileStore } from '../src/uploads/s3-file-store.js';
import { UploadsRepository } from '../src/uploads/uploads.repository.js';
import { UploadsService } from '../src/uploads/uploads.service.js';
import { startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';

// The file store contract and the uploads service on both backends: local disk, and S3 spoken to a real
// S3-protocol server (s3rver) through @aws-sdk/client-s3, exactly as STORAGE_URL configures it in production.
let t: TestApp;
let owner: LoggedIn;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let localRoot: string;
const stores: Record<'local' | 's3', FileStore> = {} as never;

beforeAll(async () => {
  t = await startApp();
  owner = await createUser(t);
  localRoot = await mkdtemp(path.join(os.tmpdir(), 'candor-uploads-it-'));
  s3 = await startS3Server({ bucket: 'candor-it-uploads' });
  stores.local = createFileStore({ STORAGE_URL: `file://${localRoot}`, DATA_DIR: '.data', STORAGE_REGION: 'us-east-1' });
  stores.s3 = createFileStore({ STORAGE_URL: s3.url, DATA_DIR: '.data', STORAGE_REGION: 'us-east-1' });
});
afterAll(async () => {
  (stores.s3 as S3FileStore | undefined)?.close();
  await s3?.close();
  await t?.close();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

const s3ObjectFile = (key: string) => path.join(s3.directory, 'candor-it-uploads', `${key}._S3rver_object`);
const service = (store: FileStore) => new UploadsService(store, new UploadsRepository(t.ds), new SystemClock());
const photo = () =>
  sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Candor Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
    })
    .toBuffer();

describe.each(['local', 's3'] as const)('file store: %s', (kind) => {
  const store = () => stores[kind];

  it('is the backend STORAGE_URL names', () => {
    expect(store().kind).toBe(kind);
    expect(store()).toBeInstanceOf(kind === 'local' ? LocalFileStore : S3FileStore);
  });

  it('puts, gets the same bytes back, replaces, deletes, and answers null for an absent key', async () => {
    const key = `support_image/2026/12/${kind}-contract.jpg`;
    const data = randomBytes(300_000);
    await store().put(key, data, 'image/jpeg');
    expect((await store().get(key))?.equals(data)).toBe(true);
    await store().put(key, Buffer.from('second'), 'image/jpeg');
    expect(await store().get(key)).toEqual(Buffer.from('second'));
    await store().delete(key);
    expect(await store().get(key)).toBeNull();
    await expect(store().delete(key)).resolves.toBeUndefined();
    expect(await store().get(`support_image/2026/12/${kind}-never-written.jpg`)).toBeNull();
  });

  it('refuses a key the server would never make', async () => {
    await expect(store().put('../outside.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/key/);
    await expect(store().get('kyc_front/../../x')).rejects.toThrow(/key/);
  });

  it('saves a cleaned image with its row, reads it back without its EXIF, and removal takes it out of the store', async () => {
    const uploads = service(store());
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await cleanImage(original, 'front');
    const { id } = await t.ds.transaction((em) => uploads.save({ ownerUserId: owner.id, purpose: 'kyc_front', image }, em));

    const [row] = await t.ds.query(
      `SELECT owner_user_id::text, purpose, storage_key, content_type, bytes, width, height, sha256, removed_at FROM uploads WHERE id = $1`,
      [id],
    );
    expect(row).toMatchObject({ owner_user_id: owner.id, purpose: 'kyc_front', content_type: 'image/jpeg', bytes: image.data.length, width: 64, height: 48 });
    expect(row.sha256).toBe(image.sha256);
    expect(row.removed_at).toBeNull();
    expect(row.storage_key).toMatch(/^kyc_front\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(await store().get(row.storage_key)).toEqual(image.data);
    if (kind === 'local') {
      const file = path.join(localRoot, row.storage_key);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } else {
      // The object is in the S3 server's own storage (s3rver keeps `<key>._S3rver_object` files), not in ours.
      expect(existsSync(path.join(localRoot, row.storage_key))).toBe(false);
      expect(existsSync(s3ObjectFile(row.storage_key))).toBe(true);
    }

    const read = await uploads.read(id);
    expect(read).toMatchObject({ contentType: 'image/jpeg', purpose: 'kyc_front', ownerUserId: owner.id });
    expect(read!.data.equals(image.data)).toBe(true);
    const meta = await sharp(read!.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(read!.data.toString('latin1')).not.toContain('Candor Phone');

    expect(await uploads.remove([id])).toBe(1);
    expect(await store().get(row.storage_key)).toBeNull();
    expect(existsSync(kind === 'local' ? path.join(localRoot, row.storage_key) : s3ObjectFile(row.storage_key))).toBe(false);
    expect(await uploads.read(id)).toBeNull();
    const [after] = await t.ds.query(`SELECT removed_at FROM uploads WHERE id = $1`, [id]);
    expect(after.removed_at).toBeInstanceOf(Date);
    expect(await uploads.remove([id])).toBe(0);
  });

  it('answers null for an unknown upload, removes several at once, and keeps ownerless uploads', async () => {
    const uploads = service(store());
    expect(await uploads.read('00000000-0000-4000-8000-000000000000')).toBeNull();
    const image = await cleanImage(await photo(), 'slip');
    const a = await uploads.save({ ownerUserId: owner.id, purpose: 'deposit_slip', image });
    const b = await uploads.save({ ownerUserId: null, purpose: 'content_image', image });
    expect((await uploads.read(b.id))?.ownerUserId).toBeNull();
    const keys: { storage_key: string }[] = await t.ds.query(`SELECT storage_key FROM uploads WHERE id = ANY($1::uuid[])`, [[a.id, b.id]]);
    expect(new Set(keys.map((k) => k.storage_key)).size).toBe(2);
    expect(await uploads.remove([a.id, b.id])).toBe(2);
    for (const { storage_key } of keys) expect(await store().get(storage_key)).toBeNull();
  });
});
