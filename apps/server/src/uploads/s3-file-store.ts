import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { assertStoreKey, type FileStore } from './file-store.js';

/** Objects in one bucket of an S3-compatible store (AWS S3, MinIO), under an optional key prefix. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    /** Prepended to every key ('' or ending in '/'). */
    readonly prefix = '',
  ) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      // S3 answers 204 for an absent key; some compatible stores answer 404.
      if (!isNotFound(err)) throw err;
    }
  }

  /** Closes the client's connections (the api's shutdown). */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertStoreKey(key);
    return this.prefix + key;
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
