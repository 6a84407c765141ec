import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { createFileStore } from './create-file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore } from './s3-file-store.js';

const base = { DATA_DIR: '.data', STORAGE_REGION: 'us-east-1' };

describe('createFileStore', () => {
  it('keeps files in <DATA_DIR>/uploads, as an absolute path, when STORAGE_URL is unset', () => {
    const store = createFileStore({ ...base, STORAGE_URL: undefined });
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).root).toBe(path.resolve('.data', 'uploads'));
  });

  it('keeps files in the directory of a file:/// URL', () => {
    const store = createFileStore({ ...base, STORAGE_URL: 'file:///var/lib/candor/files' });
    expect(store.kind).toBe('local');
    expect((store as LocalFileStore).root).toBe('/var/lib/candor/files');
  });

  it('talks path-style to an S3-compatible server with the URL credentials', async () => {
    const store = createFileStore({ ...base, STORAGE_URL: 's3+http://minio%2Badmin:se%2Fcret@127.0.0.1:9000/candor-uploads/prod' });
    expect(store).toBeInstanceOf(S3FileStore);
    const s3 = store as S3FileStore;
    expect([s3.bucket, s3.prefix]).toEqual(['candor-uploads', 'prod/']);
    const client = (s3 as unknown as { client: { config: Record<string, unknown> & { credentials(): Promise<unknown>; endpoint(): Promise<unknown> } } })
      .client;
    expect(client.config.forcePathStyle).toBe(true);
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'minio+admin', secretAccessKey: 'se/cret' });
    expect(await client.config.endpoint()).toMatchObject({ protocol: 'http:', hostname: '127.0.0.1', port: 9000 });
    s3.close();
  });

  it('uses AWS with its default credentials for s3://bucket', () => {
    const store = createFileStore({ ...base, STORAGE_REGION: 'ap-northeast-1', STORAGE_URL: 's3://candor-prod-uploads' });
    expect(store).toMatchObject({ kind: 's3', bucket: 'candor-prod-uploads', prefix: '' });
    (store as S3FileStore).close();
  });

  it('refuses a URL without a bucket or without credentials', () => {
    expect(() => createFileStore({ ...base, STORAGE_URL: 's3+http://key:secret@127.0.0.1:9000/' })).toThrow(/bucket/);
    expect(() => createFileStore({ ...base, STORAGE_URL: 's3+https://minio.internal/candor' })).toThrow(/KEY:SECRET/);
  });
});
