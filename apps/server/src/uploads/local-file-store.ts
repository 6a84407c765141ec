import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertStoreKey, type FileStore } from './file-store.js';

/**
 * Files on local disk under `root` (by default DATA_DIR/uploads, outside anything the api serves). Each file
 * is written to a temporary name, flushed, and renamed into place, so a reader never sees half a file; files
 * are 0600 and directories 0700: only the server's own user reads them.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    if (!path.isAbsolute(root)) throw new Error(`the local file store needs an absolute directory, got ${JSON.stringify(root)}`);
    this.root = path.resolve(root);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomUUID()}.tmp`;
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (err) {
      await handle.close();
      await rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    try {
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The file of `key`, checked to lie inside the root (keys are made by the server, but a wrong one must not escape). */
  pathOf(key: string): string {
    assertStoreKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`file store key outside the root: ${JSON.stringify(key)}`);
    return file;
  }
}
