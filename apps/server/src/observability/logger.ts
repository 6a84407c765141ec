import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { Logger as NestLogger, type INestApplicationContext, type LoggerService, type LogLevel } from '@nestjs/common';

export type { Logger } from 'pino';
export type LogLevelSetting = Level | 'silent';

/** Field names whose values never reach a log line, at the top level or one or two objects down. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'tradePassword',
  'confirmTradePassword',
  'totp',
  'recoveryCode',
  'recoveryCodes',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'registrationToken',
  'enrollmentToken',
  'captchaCode',
];
const key = (f: string) => (/^[A-Za-z_$][\w$]*$/.test(f) ? `.${f}` : `["${f}"]`);
export const REDACT_PATHS = SECRET_FIELDS.flatMap((f) => [key(f).replace(/^\./, ''), `*${key(f)}`, `*.*${key(f)}`]);

export interface LoggerOptions {
  /** Which process writes (`api`, `worker`, `feed`): every line carries it. */
  service: string;
  level: LogLevelSetting;
  /** Where lines go (tests capture them); stdout by default, written asynchronously in batches. */
  destination?: DestinationStream;
}

/**
 * The process's JSON logger (pino): one line per event, `time` in epoch ms, secrets censored by field
 * name wherever an object puts them (the request lines themselves only ever hold chosen fields).
 */
export function createLogger(opts: LoggerOptions): Logger {
  return pino(
    {
      level: opts.level,
      base: { service: opts.service, pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    opts.destination ?? stdout(),
  );
}

/**
 * Standard output, written in batches of at least 64 KiB (up to 256 KiB a write) and at least every half
 * second; pino flushes what is left when the process exits. Each write is a round trip through libuv's
 * thread pool, which small batches made a visible share of the api's time on its hottest read (bench:reads
 * with --profile). The batch is kept as bytes: kept as text, sonic-boom measured the whole pending batch
 * again for every line (Buffer.byteLength of a growing string).
 */
const STDOUT_BATCH_BYTES = 64 * 1024;
function stdout(): DestinationStream {
  const dest = pino.destination({
    dest: 1,
    sync: false,
    minLength: STDOUT_BATCH_BYTES,
    maxWrite: 4 * STDOUT_BATCH_BYTES,
    periodicFlush: 500,
    contentMode: 'buffer',
  });
  const write = dest.write.bind(dest) as unknown as (bytes: Buffer) => boolean;
  return {
    write: (line: string) => write(Buffer.from(line)),
    flush: (cb?: (err?: Error) => void) => dest.flush(cb),
    flushSync: () => dest.flushSync(),
  } as DestinationStream;
}

/**
 * Nest's shutdown on a signal (SIGTERM, SIGINT, ...), said in the log and ended with process.exit. Nest's
 * default ends by raising the signal again, which kills the process before its 'exit' event, so the lines
 * still waiting to be written (up to half a second of them, and this one) were lost.
 */
export function stopOnSignals(app: INestApplicationContext, name: string): void {
  app.enableShutdownHooks([], { useProcessExit: true });
  const log = new NestLogger(name);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => log.log(`${signal}: stopping`));
}

/** The pino level that shows exactly Nest's levels `levels` (the lowest of them), for callers that still pass Nest's list. */
export function levelOfNestLevels(levels: readonly LogLevel[] | false): LogLevelSetting {
  if (levels === false || levels.length === 0) return 'silent';
  const order: [LogLevel, Level][] = [
    ['verbose', 'trace'],
    ['debug', 'debug'],
    ['log', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['fatal', 'fatal'],
  ];
  return order.find(([nest]) => levels.includes(nest))?.[1] ?? 'silent';
}

/**
 * Nest's logger interface on pino, so every `new Logger(context)` in the server writes JSON lines with
 * `context`. An object message is merged into the line; Nest's error(message, stack, context) keeps the stack.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params, true);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params, true);
  }

  private write(level: Level, message: unknown, params: unknown[], withStack = false): void {
    if (!this.logger.isLevelEnabled(level)) return;
    // Nest appends the logger's context as the last string argument.
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    const rest = context === undefined ? params : params.slice(0, -1);
    const stack = withStack && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (stack) fields.stack = stack;
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (message !== null && typeof message === 'object') {
      const { msg, ...others } = message as Record<string, unknown>;
      this.logger[level]({ ...fields, ...others }, typeof msg === 'string' ? msg : undefined);
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
