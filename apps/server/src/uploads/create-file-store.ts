import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config/config.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore } from './s3-file-store.js';

type StoreConfig = Pick<AppConfig, 'STORAGE_URL' | 'DATA_DIR' | 'STORAGE_REGION'>;

/**
 * The file store STORAGE_URL names: unset -> local disk in <DATA_DIR>/uploads; `file:///abs/dir` -> local disk
 * there; `s3+http(s)://KEY:SECRET@host:port/bucket[/prefix]` -> an S3-compatible server (path-style);
 * `s3://bucket[/prefix]` -> AWS S3 with the SDK's default credentials (environment, profile, instance role).
 */
export function createFileStore(config: StoreConfig): FileStore {
  const raw = config.STORAGE_URL;
  if (!raw) return new LocalFileStore(path.resolve(config.DATA_DIR, 'uploads'));
  const url = new URL(raw);
  switch (url.protocol) {
    case 'file:':
      return new LocalFileStore(fileURLToPath(url));
    case 's3:':
      return new S3FileStore(new S3Client(s3Options(config.STORAGE_REGION)), bucketOf(url.hostname), prefixOf(url.pathname.split('/').slice(1)));
    case 's3+http:':
    case 's3+https:': {
      const [bucket = '', ...rest] = url.pathname.split('/').slice(1);
      if (!url.username || !url.password) throw new Error('STORAGE_URL: s3+http(s) needs KEY:SECRET@ before the host');
      const client = new S3Client({
        ...s3Options(config.STORAGE_REGION),
        endpoint: `${url.protocol.slice(3)}//${url.host}`,
        forcePathStyle: true,
        credentials: { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) },
      });
      return new S3FileStore(client, bucketOf(bucket), prefixOf(rest));
    }
    default:
      throw new Error(`STORAGE_URL: unsupported scheme ${url.protocol}`);
  }
}

/**
 * Checksums only where S3 requires them: the SDK's default (a CRC trailer in aws-chunked bodies) is refused by
 * s3rver and several S3-compatible stores; a single PUT of a known length needs none.
 */
function s3Options(region: string): S3ClientConfig {
  return { region, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED', maxAttempts: 3 };
}

function bucketOf(name: string): string {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name)) throw new Error(`STORAGE_URL: ${JSON.stringify(name)} is not a bucket name`);
  return name;
}

function prefixOf(segments: string[]): string {
  const parts = segments.filter((s) => s !== '');
  return parts.length ? `${parts.map(decodeURIComponent).join('/')}/` : '';
}
