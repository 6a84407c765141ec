// Brotli and gzip copies of a built app's text files (`app.js` -> `app.js.br`, `app.js.gz`), made once
// at build time so the api's static file server (@fastify/static `preCompressed`) sends them as they
// are instead of compressing on every request, and at the strongest settings a build can afford.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|xml|map)$/i;
/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_BYTES = 512;

async function filesUnder(dir) {
  const out = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Writes `<file>.br` and `<file>.gz` next to each compressible file; a copy that is not smaller is not written. */
export async function precompressDir(dir) {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const result = { files: 0, bytes: 0, br: 0, gz: 0 };
  const one = async (file) => {
    // A file another build has just removed (builds of the same tree may overlap) is that build's to compress.
    const body = await fsp.readFile(file).catch((err) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (!body || body.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    result.files += 1;
    result.bytes += body.length;
    if (br.length < body.length) {
      await fsp.writeFile(`${file}.br`, br);
      result.br += br.length;
    }
    if (gz.length < body.length) {
      await fsp.writeFile(`${file}.gz`, gz);
      result.gz += gz.length;
    }
  };
  // A few at a time: brotli at quality 11 is CPU-bound and the machine may be shared.
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await one(f);
    }),
  );
  return result;
}
