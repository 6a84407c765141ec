import { describe, expect, it } from '@jest/globals';
import { createLogger, levelOfNestLevels, NestPinoLogger } from './logger.js';
import { eventOf } from './request-log.js';

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
