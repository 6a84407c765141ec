/**
 * A token bucket: `burst` events at once, refilled at `perSecond`. A rate of 0 means no limit (the
 * fanout benchmark opens thousands of sockets from one address).
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number = Date.now(),
  ) {
    this.tokens = burst;
    this.at = now;
  }

  take(now: number = Date.now()): boolean {
    if (this.perSecond <= 0) return true;
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Buckets and socket counts per client address, forgotten when the address's last socket goes. */
export class AddressLimits {
  private readonly byAddress = new Map<string, { sockets: number; events: TokenBucket }>();

  constructor(
    private readonly maxSockets: number,
    private readonly eventsPerSecond: number,
  ) {}

  /** Counts a new socket of the address; false when the address already holds the most allowed. */
  open(address: string): boolean {
    let entry = this.byAddress.get(address);
    if (this.maxSockets > 0 && entry && entry.sockets >= this.maxSockets) return false;
    if (!entry) {
      entry = { sockets: 0, events: new TokenBucket(this.eventsPerSecond, this.eventsPerSecond * 2) };
      this.byAddress.set(address, entry);
    }
    entry.sockets++;
    return true;
  }

  close(address: string): void {
    const entry = this.byAddress.get(address);
    if (!entry) return;
    if (--entry.sockets <= 0) this.byAddress.delete(address);
  }

  takeEvent(address: string): boolean {
    return this.byAddress.get(address)?.events.take() ?? true;
  }
}
