import { createHash } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@candor/contracts';
import { lowerImageThreadPriority } from './thread-priority.js';

export type ImageRejection = 'too_large' | 'not_an_image' | 'unsupported_type' | 'corrupt' | 'missing';

/** An upload that is not an image the platform keeps; `field` is the multipart field it came in. */
export class ImageRejected extends Error {
  constructor(
    readonly reason: ImageRejection,
    readonly field: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** An image decoded and encoded again by the server: only its pixels survive (no EXIF, GPS, ICC or trailing bytes). */
export interface CleanImage {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  sha256: string;
}

/** Larger images are refused before decoding (a 50 MP photo decodes to 150 MB of pixels). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The longest side kept: enough to read an ID card's small print, a quarter of a 48 MP phone photo's pixels. */
export const MAX_SIDE = 2560;
const JPEG_QUALITY = 85;

/**
 * What the re-encoding makes of an image's size: `fit` keeps the whole picture within MAX_SIDE (never
 * enlarged); `square` crops it to its centre and scales it to exactly `side` pixels a side (an avatar).
 */
export type ImageShape = { kind: 'fit' } | { kind: 'square'; side: number };
const FIT: ImageShape = { kind: 'fit' };

/**
 * How many re-encodes run at once in this process; the rest wait their turn. Each keeps a core busy, so one
 * core is left to the event loop; and each holds one of libuv's threads (4 unless UV_THREADPOOL_SIZE says
 * otherwise) for its whole decode and encode, so two are left for the file system, DNS and password hashing.
 */
export const IMAGE_CONCURRENCY = Math.max(1, Math.min(os.availableParallelism() - 1, Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 2));

// One libvips thread per image (parallelism comes from several uploads, bounded above), and no operation cache:
// every upload is a different image, so a cache would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

const ACCEPTED = new Set<string>(UPLOAD_IMAGE_TYPES);

/**
 * Checks an upload by its content and re-encodes it: JPEG, PNG or WebP only (by magic bytes, never by name or
 * header), at most UPLOAD_MAX_BYTES and MAX_INPUT_PIXELS, free of markup a browser could run, and decodable to
 * the end; then turned upright by its EXIF orientation, fitted within MAX_SIDE (or cropped to a square, by
 * `shape`), and written as a new JPEG that carries nothing of the original but its pixels. Throws
 * ImageRejected with the reason.
 */
export async function cleanImage(input: Buffer, field: string, shape: ImageShape = FIT): Promise<CleanImage> {
  if (input.length === 0) throw new ImageRejected('missing', field);
  if (input.length > UPLOAD_MAX_BYTES) throw new ImageRejected('too_large', field);
  const type = await fileTypeFromBuffer(input);
  if (!type) throw new ImageRejected('not_an_image', field);
  if (!ACCEPTED.has(type.mime)) throw new ImageRejected('unsupported_type', field);
  if (carriesMarkup(input)) throw new ImageRejected('corrupt', field);
  const image = await reencodeLimited.run(() => reencode(input, field, shape));
  lowerImageThreadPriority();
  return image;
}

async function reencode(input: Buffer, field: string, shape: ImageShape): Promise<CleanImage> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .rotate()
      .resize(
        shape.kind === 'square'
          ? { width: shape.side, height: shape.side, fit: 'cover', position: 'centre' }
          : { width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true },
      )
      // JPEG has no transparency: a transparent PNG's background becomes white, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/jpeg', width: info.width, height: info.height, sha256: createHash('sha256').update(data).digest('hex') };
  } catch (err) {
    throw new ImageRejected(/pixel limit/i.test((err as Error).message) ? 'too_large' : 'corrupt', field);
  }
}

const MARKERS = ['script', 'html', 'svg', '?php'].map((m) => Buffer.from(m, 'latin1'));

/**
 * Defence in depth against polyglots (an image that is also an HTML page or a script): `<script`, `<html`,
 * `<svg` or `<?php`, in any case, followed by a space, `>` or `/` as a real tag is. The re-encoding drops such
 * bytes anyway; this refuses the file outright. Compressed image data holds such a sequence by chance about
 * once in 10,000 photos of 4 MB (the byte after the name is what keeps it that rare).
 */
export function carriesMarkup(input: Buffer): boolean {
  for (let at = input.indexOf(0x3c); at !== -1; at = input.indexOf(0x3c, at + 1)) {
    for (const marker of MARKERS) {
      if (matchesAt(input, at + 1, marker) && isTagEnd(input[at + 1 + marker.length])) return true;
    }
  }
  return false;
}

function matchesAt(input: Buffer, at: number, marker: Buffer): boolean {
  if (at + marker.length > input.length) return false;
  for (let k = 0; k < marker.length; k++) {
    const b = input[at + k]!;
    if ((b >= 0x41 && b <= 0x5a ? b | 0x20 : b) !== marker[k]) return false;
  }
  return true;
}

function isTagEnd(b: number | undefined): boolean {
  return b === undefined || b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x3e || b === 0x2f;
}

/** A counting semaphore: at most `limit` tasks at once, the others in arrival order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks running and waiting (for the metrics and the benchmark). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

const reencodeLimited = new Limiter(IMAGE_CONCURRENCY);
