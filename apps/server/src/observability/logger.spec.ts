import { describe, expect, it } from '@jest/globals';
import { createLogger, levelOfNestLevels, NestPinoLogger } from './logger.js';
import { eventOf, requestLineWriter, type RequestRecord } from './request-log.js';

function capture(level: 'info' | 'debug' = 'info') {
  const out: string[] = [];
  const logger = createLogger({ service: 'test', level, destination: { write: (s: string) => void out.push(s) } });
  return { logger, rows: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('writes JSON lines with the service and level name, and censors secrets by field name at any depth up to three', () => {
    const { logger, rows } = capture();
    logger.info(
      {
        password: 'p1',
        body: { tradePassword: '123456', totp: '000111' },
        req: { headers: { authorization: 'Bearer x', cookie: 'rt=y', 'set-cookie': 'z' } },
        userId: '7',
      },
      'hello',
    );
    const [row] = rows();
    expect(row).toMatchObject({ level: 'info', service: 'test', msg: 'hello', userId: '7', password: '[redacted]' });
    expect(row!.body).toEqual({ tradePassword: '[redacted]', totp: '[redacted]' });
    expect(row!.req).toEqual({ headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]' } });
  });
});

describe('NestPinoLogger', () => {
  it("keeps Nest's context, an error's stack, and merges an object message", () => {
    const { logger, rows } = capture('debug');
    const nest = new NestPinoLogger(logger);
    nest.log('started', 'worker');
    nest.error('boom', 'Error: boom\n    at x', 'http');
    nest.warn({ msg: 'slow', ms: 12, accessToken: 'abc' }, 'orders');
    nest.debug('details');
    nest.verbose('hidden at debug');
    expect(rows()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'started', context: 'worker' }),
      expect.objectContaining({ level: 'error', msg: 'boom', context: 'http', stack: 'Error: boom\n    at x' }),
      expect.objectContaining({ level: 'warn', msg: 'slow', ms: 12, context: 'orders', accessToken: '[redacted]' }),
      expect.objectContaining({ level: 'debug', msg: 'details' }),
    ]);
  });

  it.each([
    [['error'], 'error'],
    [['log', 'error', 'warn'], 'info'],
    [['debug', 'error'], 'debug'],
    [false, 'silent'],
  ] as const)('Nest levels %j become pino level %s', (levels, level) => {
    expect(levelOfNestLevels(levels as never)).toBe(level);
  });
});

describe('eventOf', () => {
  it.each([
    [{ method: 'POST', route: '/api/auth/login', status: 401 }, 'auth.login_failed'],
    [{ method: 'POST', route: '/api/admin/auth/login', status: 400 }, 'auth.login_failed'],
    [{ method: 'POST', route: '/api/auth/login', status: 429 }, 'rate_limited'],
    [{ method: 'GET', route: '/api/wallet', status: 401 }, 'refused'],
    [{ method: 'GET', route: null, status: 404 }, 'refused'],
    [{ method: 'PATCH', route: '/api/admin/products/:symbol', status: 200, operatorId: '1' }, 'operator.action'],
    [{ method: 'GET', route: '/api/admin/products', status: 200, operatorId: '1' }, undefined],
    [{ method: 'PATCH', route: '/api/admin/products/:symbol', status: 403, operatorId: '1' }, 'refused'],
    [{ method: 'GET', route: '/api/products', status: 500 }, 'error'],
    [{ method: 'POST', route: '/api/orders', status: 201 }, undefined],
  ])('%j is %s', (r, event) => {
    expect(eventOf(r)).toBe(event);
  });
});

describe('requestLineWriter', () => {
  const records: RequestRecord[] = [
    {
      reqId: 'a0c2e869-2057-4e2a-9101-8d443ddce82b',
      method: 'GET',
      route: '/api/wallet',
      status: 200,
      ms: 1.25,
      ip: '127.0.0.1',
      userId: '928ab493-b813-4e99-b0fa-3e70107a4a4a',
    },
    { reqId: 'r2', method: 'GET', route: null, path: '/a"b\\c\u0001\u2028é語', status: 404, ms: 0, ip: '::1', code: 'NOT_FOUND', event: 'refused' },
    {
      reqId: 'r3',
      method: 'POST',
      route: '/api/orders',
      status: 500,
      ms: 12.5,
      ip: '10.0.0.1',
      operatorId: '7',
      replayed: true,
      code: 'INTERNAL',
      event: 'error',
    },
  ];

  it("writes the very bytes pino's own call writes, at the level the status gives", () => {
    for (const level of ['info', 'warn'] as const) {
      const mine: string[] = [];
      const pinos: string[] = [];
      const log = (out: string[]) =>
        createLogger({ service: 'api', level, destination: { write: (s: string) => void out.push(s) } }).child({ context: 'http' });
      const write = requestLineWriter(log(mine));
      const viaPino = log(pinos);
      for (const r of records) {
        write(r);
        const l = r.status >= 500 ? 'error' : r.status >= 400 ? 'warn' : 'info';
        if (viaPino.isLevelEnabled(l)) viaPino[l](r, 'request');
      }
      // pino's time is its own Date.now(): compare the lines with the time taken out, and the times as numbers.
      const untimed = (lines: string[]) => lines.map((l) => l.replace(/"time":\d+,/, '"time":0,'));
      expect(untimed(mine)).toEqual(untimed(pinos));
      expect(mine).toHaveLength(level === 'info' ? 3 : 2);
      for (const l of mine) expect(Math.abs((JSON.parse(l) as { time: number }).time - Date.now())).toBeLessThan(60_000);
    }
  });
});
