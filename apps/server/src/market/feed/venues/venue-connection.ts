import WebSocket from 'ws';
import type { RawQuote, RawVolume, VenueProtocol } from './venue-protocol.js';

export interface VenueConnectionOptions {
  protocol: VenueProtocol;
  /** The exchange's address (its default, or FEED_<VENUE>_URL). */
  url: string;
  /** The exchange's symbols to subscribe to. */
  symbols: readonly string[];
  /** Called for every quote, with the time it arrived (epoch ms). */
  onQuote: (q: RawQuote, receivedAt: number) => void;
  /** A market's 24h volume as the exchange reported it. */
  onVolume?: (v: RawVolume, receivedAt: number) => void;
  /** Without any message for this long the connection counts as stale; for twice as long, it is replaced. */
  staleMs: number;
  /** First reconnect delay and its cap (full jitter in between; default 500 ms and 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Reconnect this long before the exchange's own connection limit (default 10 min; tests make it short). */
  maxAgeMarginMs?: number;
  /** Overrides the protocol's connection limit (tests). */
  maxConnectionMs?: number | null;
  log?: { log(msg: string): void; warn(msg: string): void };
  now?: () => number;
  random?: () => number;
}

export interface VenueConnectionState {
  connected: boolean;
  /** Epoch ms of the last frame (any frame, pongs and heartbeats too), null before the first. */
  lastMessageAt: number | null;
  reconnects: number;
  garbage: number;
}

/**
 * One WebSocket to one exchange, kept alive by the exchange's rules: subscribes as soon as the socket
 * opens (Coinbase closes a connection that has not subscribed within 5 s), answers WebSocket pings (the
 * ws client does), pings when the connection has been quiet for half of `staleMs` (the protocol's text
 * ping, or a WebSocket ping frame), replaces a connection silent for twice `staleMs`, reconnects before
 * the exchange's connection age limit and whenever the exchange announces a shutdown, and after a drop
 * reconnects with exponential backoff and full jitter (a healthy connection resets it).
 */
export class VenueConnection {
  private ws: WebSocket | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = true;
  private attempt = 0;
  private openedAt = 0;
  private lastPingAt = 0;
  private readonly state: VenueConnectionState = { connected: false, lastMessageAt: null, reconnects: 0, garbage: 0 };
  private readonly now: () => number;
  private readonly random: () => number;
  private warned = 0;

  constructor(private readonly o: VenueConnectionOptions) {
    this.now = o.now ?? Date.now;
    this.random = o.random ?? Math.random;
  }

  get venue(): string {
    return this.o.protocol.venue;
  }

  status(): Readonly<VenueConnectionState> {
    return this.state;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
    this.timer = setInterval(() => this.watch(), Math.max(50, Math.min(1000, Math.floor(this.o.staleMs / 4))));
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = this.retry = null;
    this.drop(1000);
  }

  /** The next reconnect delay: exponential from backoffMs, capped, with full jitter (never below 100 ms). */
  backoffDelay(attempt: number): number {
    const base = this.o.backoffMs ?? 500;
    const cap = this.o.maxBackoffMs ?? 30_000;
    const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 16));
    return Math.max(100, Math.floor(ceiling / 2 + (this.random() * ceiling) / 2));
  }

  private connect(): void {
    if (this.stopped) return;
    const url = this.o.protocol.connectUrl(this.o.url, this.o.symbols);
    // Frames are decoded to text and parsed as JSON with every price checked, so bytes that are not UTF-8
    // cannot slip through: ws's own validation of each of thousands of frames a second would be a second pass.
    const ws = new WebSocket(url, { handshakeTimeout: 10_000, perMessageDeflate: false, skipUTF8Validation: true });
    this.ws = ws;
    this.openedAt = this.now();
    ws.on('open', () => {
      if (this.ws !== ws) return;
      this.state.connected = true;
      for (const m of this.o.protocol.subscribe(this.o.symbols)) ws.send(m);
    });
    ws.on('message', (data, isBinary) => {
      if (this.ws !== ws) return;
      this.onFrame(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
    });
    ws.on('ping', () => this.heard(ws));
    ws.on('pong', () => this.heard(ws));
    ws.on('error', (e) => this.warn(`${this.venue}: ${e.message}`));
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.state.connected = false;
      if (this.stopped) return;
      const delay = this.backoffDelay(this.attempt++);
      this.warn(`${this.venue}: connection closed (${code}); reconnecting in ${delay} ms`);
      this.schedule(delay);
    });
  }

  private heard(ws: WebSocket): void {
    if (this.ws === ws) this.state.lastMessageAt = this.now();
  }

  private onFrame(text: string): void {
    const at = this.now();
    this.state.lastMessageAt = at;
    let frame;
    try {
      frame = this.o.protocol.parse(text);
    } catch {
      this.state.garbage++;
      this.warn(`${this.venue}: ignored a frame that is not its protocol (${JSON.stringify(text.slice(0, 60))})`);
      return;
    }
    if (frame.error) this.warn(`${this.venue}: ${frame.error}`);
    if (frame.quotes.length) this.attempt = 0; // delivering quotes: the connection is healthy
    for (const q of frame.quotes) this.o.onQuote(q, at);
    if (frame.volumes && this.o.onVolume) for (const v of frame.volumes) this.o.onVolume(v, at);
    if (frame.reconnect) this.replace('the exchange announced a shutdown');
  }

  /** Once per tick of the watch timer: ping a quiet connection, replace a dead or too old one. */
  private watch(): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const now = this.now();
    const last = this.state.lastMessageAt ?? this.openedAt;
    const quiet = now - Math.max(last, this.openedAt);
    if (quiet > 2 * this.o.staleMs) return this.replace(`silent for ${quiet} ms`);
    if (quiet > this.o.staleMs / 2 && now - this.lastPingAt > this.o.staleMs / 2) {
      this.lastPingAt = now;
      const ping = this.o.protocol.pingMessage();
      if (ping === null) ws.ping();
      else ws.send(ping);
    }
    const limit = this.o.maxConnectionMs === undefined ? this.o.protocol.maxConnectionMs : this.o.maxConnectionMs;
    if (limit !== null && now - this.openedAt > limit - (this.o.maxAgeMarginMs ?? 10 * 60_000)) this.replace('the connection is near its age limit');
  }

  /** Drop this connection and open a new one at once (no backoff: the old one worked). */
  private replace(why: string): void {
    this.warn(`${this.venue}: reconnecting (${why})`);
    this.drop(1000);
    this.state.reconnects++;
    this.schedule(0);
  }

  private drop(code: number): void {
    const ws = this.ws;
    this.ws = null;
    this.state.connected = false;
    if (!ws) return;
    ws.removeAllListeners('message');
    ws.on('error', () => undefined);
    if (ws.readyState === WebSocket.OPEN) ws.close(code);
    else ws.terminate();
  }

  private schedule(delay: number): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect();
    }, delay);
    this.retry.unref?.();
  }

  /** Warnings are rate limited: a dead exchange reconnecting every 30 s should not fill the log. */
  private warn(msg: string): void {
    const now = this.now();
    if (now - this.warned < 2000) return;
    this.warned = now;
    this.o.log?.warn(msg);
  }
}
