// A Redis of one map for unit specs of services that count in Redis: strings with expiry, INCR/DECR,
// EXPIRE NX, PTTL, SET with EX/PX/NX, MULTI (run in order, answered as ioredis answers exec), and the one
// EVAL script the failure counters use (give back one try while the key lives). Every method is a jest
// mock over the map, so a spec can assert calls or override an answer.
import { jest } from '@jest/globals';

interface Entry {
  value: string;
  expiresAt: number | null;
}
type Op = [name: string, args: unknown[]];

export class MemoryRedis {
  readonly store = new Map<string, Entry>();
  now = (): number => Date.now();

  private live(key: string): Entry | undefined {
    const e = this.store.get(key);
    if (e && e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.store.delete(key);
      return undefined;
    }
    return e;
  }

  private run(name: string, args: unknown[]): unknown {
    const key = String(args[0]);
    switch (name) {
      case 'get':
        return this.live(key)?.value ?? null;
      case 'getdel': {
        const v = this.live(key)?.value ?? null;
        this.store.delete(key);
        return v;
      }
      case 'set': {
        const flags = args.slice(2).map(String);
        if (flags.includes('NX') && this.live(key)) return null;
        const px = flags.indexOf('PX');
        const ex = flags.indexOf('EX');
        const keep = flags.includes('KEEPTTL') ? (this.live(key)?.expiresAt ?? null) : null;
        const expiresAt = px >= 0 ? this.now() + Number(flags[px + 1]) : ex >= 0 ? this.now() + Number(flags[ex + 1]) * 1000 : keep;
        this.store.set(key, { value: String(args[1]), expiresAt });
        return 'OK';
      }
      case 'del':
        return args.map(String).filter((k) => this.live(k) && this.store.delete(k)).length;
      case 'incr':
      case 'decr': {
        const e = this.live(key);
        const value = Number(e?.value ?? 0) + (name === 'incr' ? 1 : -1);
        this.store.set(key, { value: String(value), expiresAt: e?.expiresAt ?? null });
        return value;
      }
      case 'expire': {
        const e = this.live(key);
        if (!e || (args[2] === 'NX' && e.expiresAt !== null)) return 0;
        e.expiresAt = this.now() + Number(args[1]) * 1000;
        return 1;
      }
      case 'pexpire': {
        const e = this.live(key);
        if (!e) return 0;
        e.expiresAt = this.now() + Number(args[1]);
        return 1;
      }
      case 'pttl': {
        const e = this.live(key);
        return !e ? -2 : e.expiresAt === null ? -1 : e.expiresAt - this.now();
      }
      case 'eval': {
        // (script, 1, key): DECR while positive, as login-failures.ts gives a try back.
        const k = String(args[2]);
        return Number(this.live(k)?.value ?? 0) > 0 ? this.run('decr', [k]) : 0;
      }
      default:
        throw new Error(`MemoryRedis: ${name} is not faked`);
    }
  }

  get = jest.fn(async (key: string) => this.run('get', [key]) as string | null);
  getdel = jest.fn(async (key: string) => this.run('getdel', [key]) as string | null);
  set = jest.fn(async (...args: unknown[]) => this.run('set', args) as 'OK' | null);
  del = jest.fn(async (...keys: string[]) => this.run('del', keys) as number);
  incr = jest.fn(async (key: string) => this.run('incr', [key]) as number);
  pttl = jest.fn(async (key: string) => this.run('pttl', [key]) as number);
  pexpire = jest.fn(async (key: string, ms: number) => this.run('pexpire', [key, ms]) as number);
  eval = jest.fn(async (...args: unknown[]) => this.run('eval', args) as number);
  multi = jest.fn(() => {
    const ops: Op[] = [];
    const chain: Record<string, unknown> = {
      exec: async () => ops.map(([name, args]) => [null, this.run(name, args)]),
    };
    for (const name of ['get', 'set', 'del', 'incr', 'decr', 'expire', 'pttl']) {
      chain[name] = (...args: unknown[]) => {
        ops.push([name, args]);
        return chain;
      };
    }
    return chain;
  });

  /** The number stored at `key` (0 when absent or expired). */
  count(key: string): number {
    return Number(this.live(key)?.value ?? 0);
  }
}
