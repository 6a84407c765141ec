/** A source of prices. The feed runner gives it a callback and writes what it reports through the TickWriter. */
export interface FeedAdapter {
  /** Start producing; `price` and `volume` are decimal strings, `t` the time of the quote. */
  start(onTick: (symbol: string, price: string, volume: string, t: Date) => void): void;
  stop(): void;
}
