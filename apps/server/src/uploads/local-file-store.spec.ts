import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStore } from './local-file-store.js';

let root: string;
let store: LocalFileStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'candor-store-'));
  store = new LocalFileStore(path.join(root, 'uploads'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('LocalFileStore', () => {
  it('writes a file readable only by its owner, in directories made as needed, and reads it back', async () => {
    const key = 'kyc_front/2026/12/0b6f3f5e-8a52-4f0f-9d3e-3b1f8f0b6a11.jpg';
    await store.put(key, Buffer.from('bytes'), 'image/jpeg');
    expect(await store.get(key)).toEqual(Buffer.from('bytes'));
    const file = path.join(root, 'uploads', key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    // Nothing but the file itself is left in its directory (the temporary name was renamed away).
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('replaces a file whole, answers null for an absent key, and deletes (twice without error)', async () => {
    const key = 'deposit_slip/2026/01/a.jpg';
    await store.put(key, Buffer.from('first'), 'image/jpeg');
    await store.put(key, Buffer.from('second'), 'image/jpeg');
    expect(await store.get(key)).toEqual(Buffer.from('second'));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect(await store.get('never/was.jpg')).toBeNull();
  });

  it('refuses keys that would leave its root or that the server never makes', async () => {
    for (const key of ['../escape.jpg', 'a/../../b.jpg', '/etc/passwd', 'a//b.jpg', 'A/b.jpg', 'a/b.jpg/', '', 'a\\b.jpg']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/key/);
      await expect(store.get(key)).rejects.toThrow(/key/);
    }
  });

  it('needs an absolute root', () => {
    expect(() => new LocalFileStore('relative/uploads')).toThrow(/absolute/);
  });
});
