import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS } from '@candor/cross-process';

export const CAPTCHA_TTL_SECONDS = 300;
/** The size the page shows; the picture has twice as many pixels each way, for sharp screens. */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
export const CAPTCHA_SCALE = 2;
const DIGITS = 4;

const between = (min: number, max: number): number => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const darkColor = (): string => `hsl(${randomInt(0, 360)},${randomInt(45, 85)}%,${randomInt(22, 45)}%)`;

/** One digit's outline from svg-captcha's font, placed, turned, slanted and drawn filled or as a thick outline. */
function glyph(digit: string, cell: number, w: number, h: number): string {
  const fontSize = Math.round(between(0.95, 1.2) * h);
  const one = svgCaptcha.create({ size: 1, charPreset: digit, noise: 0, color: true, width: w, height: h, fontSize });
  const d = /d="([^"]+)"/.exec(one.data)?.[1] ?? '';
  const color = darkColor();
  const paint = randomInt(0, 3) === 0 ? `fill="none" stroke="${color}" stroke-width="${between(2.5, 4).toFixed(1)}"` : `fill="${color}"`;
  const x = cell * w + between(cell === 0 ? 0.02 : -0.08, 0.08) * w;
  const y = between(-0.08, 0.08) * h;
  const [cx, cy] = [w / 2, h / 2];
  const t = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${between(-25, 25).toFixed(1)} ${cx} ${cy}) translate(${cx} ${cy}) skewX(${between(-14, 14).toFixed(1)}) translate(${-cx} ${-cy})`;
  return `<g transform="${t}"><path ${paint} d="${d}"/></g>`;
}

/** Curves across the whole picture in the digits' kind of colours, and dots. */
function noise(width: number, height: number): string {
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const p = [0, 0.33, 0.66, 1].map((f) => `${(f * width + between(-10, 10)).toFixed(0)} ${randomInt(4, height - 4)}`);
    out.push(`<path d="M${p[0]} C${p[1]},${p[2]},${p[3]}" stroke="${darkColor()}" stroke-width="${between(1.5, 3).toFixed(1)}" fill="none"/>`);
  }
  for (let i = 0; i < 70; i++)
    out.push(`<circle cx="${randomInt(0, width)}" cy="${randomInt(0, height)}" r="${between(0.8, 2.4).toFixed(1)}" fill="${darkColor()}"/>`);
  return out.join('');
}

/** Scattered single pixels of random colour over the rendered picture. */
function speckles(width: number, height: number): Buffer {
  const px = Buffer.alloc(width * height * 4);
  const pick = randomBytes(width * height);
  const colour = randomBytes(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    if (pick[i]! >= 10) continue; // about 4 % of the pixels
    colour.copy(px, i * 4, i * 3, i * 3 + 3);
    px[i * 4 + 3] = 170;
  }
  return px;
}

/** The code as a PNG: no glyph outline leaves the server, so a solver that matches path shapes has nothing to read. */
export async function renderCode(text: string): Promise<Buffer> {
  const width = CAPTCHA_WIDTH * CAPTCHA_SCALE;
  const height = CAPTCHA_HEIGHT * CAPTCHA_SCALE;
  const cellWidth = width / text.length;
  const glyphs = [...text].map((digit, i) => glyph(digit, i, cellWidth, height));
  const hue = randomInt(0, 360);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue},40%,95%)"/>${noise(width, height)}${glyphs.join('')}</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: speckles(width, height), raw: { width, height, channels: 4 } }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** 4-digit graphic captcha; the answer lives in Redis for 5 minutes and is consumed by the first check. */
@Injectable()
export class CaptchaService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async create(): Promise<{ captchaId: string; svg: string }> {
    let text = '';
    for (let i = 0; i < DIGITS; i++) text += String(randomInt(0, 10));
    const png = await renderCode(text);
    const captchaId = randomUUID();
    await this.redis.set(REDIS_KEYS.captcha(captchaId), text, 'EX', CAPTCHA_TTL_SECONDS);
    // The answer stays an SVG (the API's shape) that only frames the picture.
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
      `<image width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
    return { captchaId, svg };
  }

  /** True once for the right answer; the captcha is gone after any attempt. */
  async consume(captchaId: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaId || !code || !/^[\w-]{1,64}$/.test(captchaId)) return false;
    const answer = await this.redis.getdel(REDIS_KEYS.captcha(captchaId));
    return answer !== null && answer === code;
  }
}
