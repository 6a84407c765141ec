import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { UPLOAD_MAX_BYTES } from '@candor/contracts';
import { carriesMarkup, cleanImage, ImageRejected, Limiter, MAX_SIDE, type ImageRejection } from './image-pipeline.js';

/** A photo-like image: random noise, so its compressed data is large and fills the whole file. */
function noise(width: number, height: number): Sharp {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}
const jpeg = (width = 320, height = 240) => noise(width, height).jpeg({ quality: 90 }).toBuffer();

async function rejection(input: Buffer, field = 'front'): Promise<{ reason: ImageRejection; field: string }> {
  try {
    await cleanImage(input, field);
  } catch (err) {
    if (err instanceof ImageRejected) return { reason: err.reason, field: err.field };
    throw err;
  }
  throw new Error('the image was accepted');
}

describe('cleanImage', () => {
  it.each([
    ['JPEG', () => jpeg()],
    ['PNG', () => noise(320, 240).png().toBuffer()],
    ['WebP', () => noise(320, 240).webp().toBuffer()],
  ])('re-encodes a %s as a JPEG with its size and digest', async (_name, make) => {
    const out = await cleanImage(await make(), 'front');
    expect(out.contentType).toBe('image/jpeg');
    expect([out.width, out.height]).toEqual([320, 240]);
    expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('refuses text named like a JPEG, an SVG and an empty file as not an image, and a GIF as unsupported', async () => {
    expect(await rejection(Buffer.from('hello, this is a text file pretending to be a photo\n'.repeat(50)))).toEqual({
      reason: 'not_an_image',
      field: 'front',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(await rejection(svg, 'back')).toEqual({ reason: 'not_an_image', field: 'back' });
    expect((await rejection(Buffer.alloc(0))).reason).toBe('missing');
    const gif = await noise(32, 32).gif().toBuffer();
    expect(await rejection(gif)).toEqual({ reason: 'unsupported_type', field: 'front' });
  });

  it('refuses 9 MB behind a JPEG header as too large, before decoding', async () => {
    const head = (await jpeg()).subarray(0, 20);
    const big = Buffer.concat([head, randomBytes(9 * 1024 * 1024)]);
    expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    expect(await rejection(big, 'slip')).toEqual({ reason: 'too_large', field: 'slip' });
  });

  it('refuses an image of more pixels than the limit as too large', async () => {
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(huge.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect((await rejection(huge)).reason).toBe('too_large');
  });

  it('refuses a polyglot: a JPEG header followed by HTML, and a whole JPEG with a script after it', async () => {
    const head = (await jpeg()).subarray(0, 20);
    expect((await rejection(Buffer.concat([head, Buffer.from('<html><script>alert(document.cookie)</script></html>')]))).reason).toBe('corrupt');
    const whole = Buffer.concat([await jpeg(), Buffer.from('<SCRIPT>alert(1)</SCRIPT>')]);
    expect((await rejection(whole)).reason).toBe('corrupt');
  });

  it('refuses a truncated JPEG as corrupt', async () => {
    const full = await jpeg(640, 480);
    await expect(cleanImage(full, 'front')).resolves.toBeDefined();
    expect((await rejection(full.subarray(0, Math.floor(full.length / 2)))).reason).toBe('corrupt');
  });

  it('drops EXIF, GPS included', async () => {
    const tagged = await noise(200, 100)
      .jpeg()
      .withExif({ IFD0: { Make: 'Candor Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1' } })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif?.toString('latin1')).toContain('Candor Phone');
    const out = await cleanImage(tagged, 'front');
    const after = await sharp(out.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.data.toString('latin1')).not.toContain('Candor Phone');
  });

  it('turns an image upright by its EXIF orientation', async () => {
    // Stored 200 x 100, left half red and right half blue; orientation 6 says "rotate 90 degrees clockwise to view".
    const half = (colour: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const stored = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
      .composite([
        { input: await half('#ff0000'), left: 0, top: 0 },
        { input: await half('#0000ff'), left: 100, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    const out = await cleanImage(stored, 'front');
    expect([out.width, out.height]).toEqual([100, 200]);
    const { data } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
    // Clockwise: the stored left (red) is now on top, the right (blue) below.
    expect(pixel(50, 20)[0]).toBeGreaterThan(200);
    expect(pixel(50, 180)[2]).toBeGreaterThan(200);
    expect((await sharp(out.data).metadata()).orientation).toBeUndefined();
  });

  it('fits a large image within the longest side kept, and never enlarges a small one', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const out = await cleanImage(wide, 'front');
    expect([out.width, out.height]).toEqual([MAX_SIDE, Math.round((1000 * MAX_SIDE) / 3000)]);
    const small = await cleanImage(await jpeg(40, 30), 'front');
    expect([small.width, small.height]).toEqual([40, 30]);
  });

  it('square: crops the centre of a wide or tall image to exactly the side asked, enlarging a small one, upright first', async () => {
    // 300 x 100: red | green | blue thirds; the centre square is the green third.
    const third = (colour: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const wide = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#000' } })
      .composite([
        { input: await third('#ff0000'), left: 0, top: 0 },
        { input: await third('#00ff00'), left: 100, top: 0 },
        { input: await third('#0000ff'), left: 200, top: 0 },
      ])
      .png()
      .withExif({ IFD0: { Make: 'Candor Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1' } })
      .toBuffer();
    const out = await cleanImage(wide, 'avatar', { kind: 'square', side: 256 });
    expect([out.width, out.height]).toEqual([256, 256]);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    const { data } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    for (const [x, y] of [
      [10, 10],
      [128, 128],
      [245, 245],
    ] as const) {
      const [r, g, b] = pixel(x, y);
      expect({ x, y, green: g! > 200 && r! < 60 && b! < 60 }).toEqual({ x, y, green: true });
    }
    const tall = await cleanImage(await jpeg(90, 400), 'avatar', { kind: 'square', side: 256 });
    expect([tall.width, tall.height]).toEqual([256, 256]);
    const tiny = await cleanImage(await jpeg(16, 16), 'avatar', { kind: 'square', side: 256 });
    expect([tiny.width, tiny.height]).toEqual([256, 256]);
  });

  it('puts a transparent PNG on white', async () => {
    const clear = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { data } = await sharp((await cleanImage(clear, 'front')).data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
  });
});

describe('carriesMarkup', () => {
  it.each([
    ['<script>', true],
    ['<ScRiPt src=x>', true],
    ['<html>', true],
    ['<HTML\n', true],
    ['<svg/onload=alert(1)>', true],
    ['<?php echo 1; ?>', true],
    ['<?PHP ', true],
    ['<scripts>', false],
    ['<svgx', false],
    ['<htm>', false],
    ['script>', false],
    ['< script>', false],
  ])('%j inside binary data -> %s', (text, expected) => {
    expect(carriesMarkup(Buffer.concat([Buffer.from([0xff, 0xd8, 0x00]), Buffer.from(text, 'latin1'), Buffer.from([0x00])]))).toBe(expected);
  });

  it('counts a tag name at the very end of the input as ended', () => {
    expect(carriesMarkup(Buffer.from('\xff\xd8<svg', 'latin1'))).toBe(true);
    expect(carriesMarkup(Buffer.from('\xff\xd8<sv', 'latin1'))).toBe(false);
  });
});

describe('Limiter', () => {
  it('runs at most its limit at once, the others in arrival order, and carries on after a failure', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
        if (i === 1) throw new Error('boom');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(2)).toEqual([2, 3, 4, 5]);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });
});
