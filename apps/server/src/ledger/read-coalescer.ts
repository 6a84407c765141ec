import DataLoader from 'dataloader';

/**
 * Reads by key for many callers with few statements: a read that arrives while `parallel` statements are
 * already in the database waits for one of them to finish and then leaves with every read that arrived
 * meanwhile, in one statement. A read is never answered by a statement that started before it arrived,
 * so its answer includes everything committed before it was asked (a user who just placed an order sees
 * the balance after it). A quiet process sends each read at once.
 */
export class ReadCoalescer<V> {
  private readonly loader: DataLoader<string, V>;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** One statement for all these keys; a key missing from the answer gets `missing(key)`. */
    private readonly readMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly missing: (key: string) => V,
    private readonly parallel = 2,
  ) {
    // No cache: every read is a fresh statement. No batch limit: the statement for one batch must be one
    // statement, or the count of statements in flight would be off.
    this.loader = new DataLoader<string, V>((keys) => this.run(keys), { cache: false, batchScheduleFn: (dispatch) => this.schedule(dispatch) });
  }

  read(key: string): Promise<V> {
    return this.loader.load(key);
  }

  private schedule(dispatch: () => void): void {
    if (this.inFlight < this.parallel) {
      this.inFlight++;
      setImmediate(dispatch);
    } else {
      this.waiting.push(dispatch);
    }
  }

  private async run(keys: readonly string[]): Promise<V[]> {
    try {
      const found = await this.readMany([...new Set(keys)]);
      return keys.map((k) => found.get(k) ?? this.missing(k));
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}
