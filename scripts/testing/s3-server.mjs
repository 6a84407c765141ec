#!/usr/bin/env node
// A real S3-protocol server (s3rver, files on local disk) for the S3 file store's tests and for manual runs:
//   node scripts/testing/s3-server.mjs [--port 4569] [--bucket candor-uploads] [--dir /tmp/s3]
// prints the STORAGE_URL to give the api and worker, and serves until stopped (Ctrl-C).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
const KEY = 'S3RVER';

/**
 * Starts s3rver on 127.0.0.1 (a free port unless `port` is given) with `bucket` created, keeping its objects
 * in `directory` (a fresh temporary directory, removed on close, unless given).
 * @param {{ directory?: string, bucket: string, port?: number }} options
 * @returns {Promise<{ url: string, port: number, directory: string, close(): Promise<void> }>}
 *   url: the STORAGE_URL, `s3+http://S3RVER:S3RVER@127.0.0.1:<port>/<bucket>`
 */
export async function startS3Server({ directory, bucket, port = 0 }) {
  const dir = directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'candor-s3-'));
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  let closed = false;
  return {
    url: `s3+http://${KEY}:${KEY}@127.0.0.1:${address.port}/${bucket}`,
    port: address.port,
    directory: dir,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      if (!directory) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4569' }, bucket: { type: 'string', default: 'candor-uploads' }, dir: { type: 'string' } },
  });
  const s3 = await startS3Server({ directory: values.dir, bucket: values.bucket, port: Number(values.port) });
  console.log(`s3rver on 127.0.0.1:${s3.port}, objects in ${s3.directory}`);
  console.log(`STORAGE_URL=${s3.url}`);
  const stop = async () => {
    await s3.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
