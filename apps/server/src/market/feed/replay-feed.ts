import { readFileSync } from 'node:fs';
import { isDecimal } from '@candor/domain';
import type { FeedAdapter } from './feed-adapter.js';

export interface RecordedTick {
  symbol: string;
  /** Recorded time, epoch ms (used for pacing). */
  t: number;
  price: string;
  volume: string;
}

/**
 * Parse a recorded CSV: a header `symbol,t,price,volume` (any column order, volume optional),
 * then one tick per line; `t` is ISO 8601 or epoch milliseconds. Blank lines and lines starting
 * with `#` are skipped. Throws with the line number on a malformed row.
 */
export function parseTickCsv(text: string): RecordedTick[] {
  const lines = text.split(/\r?\n/);
  let header: string[] | null = null;
  const out: RecordedTick[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const cells = line.split(',').map((c) => c.trim());
    if (!header) {
      header = cells.map((c) => c.toLowerCase());
      for (const need of ['symbol', 't', 'price']) if (!header.includes(need)) throw new Error(`replay CSV: header lacks "${need}"`);
      return;
    }
    const get = (name: string) => cells[header!.indexOf(name)] ?? '';
    const symbol = get('symbol').toUpperCase();
    const tText = get('t');
    const t = /^\d{10,16}$/.test(tText) ? Number(tText) : Date.parse(tText);
    const price = get('price');
    const volume = header.includes('volume') ? get('volume') || '0' : '0';
    if (!/^[A-Z0-9]{2,20}$/.test(symbol) || !Number.isFinite(t) || !isDecimal(price) || price.startsWith('-') || !isDecimal(volume) || volume.startsWith('-')) {
      throw new Error(`replay CSV line ${i + 1}: malformed row "${line.slice(0, 80)}"`);
    }
    out.push({ symbol, t, price, volume });
  });
  return out;
}

export interface ReplayFeedOptions {
  /** Path of the CSV (FEED_REPLAY_FILE). */
  file?: string;
  /** Or the rows themselves. */
  rows?: readonly RecordedTick[];
  /** Playback speed (2 = twice as fast); default 1. */
  speed?: number;
  /** Start over at the end (default true). */
  loop?: boolean;
}

/**
 * Replays a recorded stream with its original spacing (gaps capped at 5 s). Ticks are stamped
 * with the time they are replayed, since the record only moves forward; the recorded times set
 * the pace. The runner drops ticks of products that are closed or unknown.
 */
export class ReplayFeed implements FeedAdapter {
  private timer: NodeJS.Timeout | null = null;
  private readonly rows: readonly RecordedTick[];
  private readonly speed: number;
  private readonly loop: boolean;

  constructor(opts: ReplayFeedOptions) {
    this.rows = opts.rows ?? parseTickCsv(readFileSync(opts.file ?? '', 'utf8'));
    if (this.rows.length === 0) throw new Error('replay feed: no ticks to replay');
    this.speed = opts.speed && opts.speed > 0 ? opts.speed : 1;
    this.loop = opts.loop ?? true;
  }

  start(onTick: (symbol: string, price: string, volume: string, t: Date) => void): void {
    this.stop();
    let i = 0;
    const next = () => {
      const row = this.rows[i]!;
      onTick(row.symbol, row.price, row.volume, new Date());
      i++;
      if (i >= this.rows.length) {
        if (!this.loop) return;
        i = 0;
      }
      const gap = i === 0 ? 400 : Math.min(5000, Math.max(0, this.rows[i]!.t - row.t));
      this.timer = setTimeout(next, gap / this.speed);
    };
    this.timer = setTimeout(next, 0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
