/**
 * Where uploaded bytes live, apart from the database row that says whose they are and what for. Keys are
 * made by the server (never from a client's file name): `<purpose>/<yyyy>/<mm>/<uuid>.jpg`.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; a key that is already absent is not an error. */
  delete(key: string): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');

/** A store key as the server makes them: lower-case path segments of letters, digits, `_`, `-` and `.`, no `..`. */
const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-][a-z0-9_.-]*)*$/;

/** Refuses a key the server would never make (a path escape, an empty segment), before any backend sees it. */
export function assertStoreKey(key: string): void {
  if (key.length > 200 || !KEY.test(key) || key.split('/').includes('..')) throw new Error(`invalid file store key: ${JSON.stringify(key)}`);
}
