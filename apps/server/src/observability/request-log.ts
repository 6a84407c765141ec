import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientIp, errorCodeOf } from '../common/request-context.js';
import { pino, type DestinationStream, type Level } from 'pino';
import type { Logger } from './logger.js';

/** What one answered request was, as its log line and the metrics see it. */
export interface RequestRecord {
  reqId: string;
  method: string;
  /** The route template (`/api/orders/:id`), or null when no route matched. */
  route: string | null;
  /** The path without its query, only when no route matched (cut to 200 characters). */
  path?: string;
  status: number;
  ms: number;
  userId?: string;
  operatorId?: string;
  /** Answered again from a stored Idempotency-Key answer. */
  replayed?: true;
  /** The error envelope's code, for a refusal or an error. */
  code?: string;
  /** Failed logins, rate limiting, refusals and operator actions are named, so they can be found and counted. */
  event?: 'auth.login_failed' | 'rate_limited' | 'refused' | 'operator.action' | 'error';
  ip: string;
}

export type RequestSink = (r: RequestRecord) => void;

const LOGIN_ROUTES = new Set(['/api/auth/login', '/api/admin/auth/login']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The named event of a request, if any (failures first: a refused operator request is a refusal). */
export function eventOf(r: Pick<RequestRecord, 'method' | 'route' | 'status' | 'operatorId'>): RequestRecord['event'] {
  if (r.status >= 500) return 'error';
  if (r.status === 429) return 'rate_limited';
  if (r.status >= 400 && r.route !== null && LOGIN_ROUTES.has(r.route) && r.method === 'POST') return 'auth.login_failed';
  if (r.status >= 400) return 'refused';
  if (r.operatorId && !READS.has(r.method)) return 'operator.action';
  return undefined;
}

type Authed = FastifyRequest & { user?: { id: string }; operator?: { id: string } };

export function requestRecord(req: FastifyRequest, reply: FastifyReply): RequestRecord {
  const a = req as Authed;
  const route = req.routeOptions?.url ?? null;
  const r: RequestRecord = {
    reqId: req.id,
    method: req.method,
    route,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 100) / 100,
    ip: clientIp(req),
  };
  if (route === null) r.path = req.url.split('?', 1)[0]!.slice(0, 200);
  if (a.user?.id) r.userId = a.user.id;
  if (a.operator?.id) r.operatorId = a.operator.id;
  if (reply.getHeader('idempotent-replayed')) r.replayed = true;
  const code = errorCodeOf(req);
  if (code) r.code = code;
  const event = eventOf(r);
  if (event) r.event = event;
  return r;
}

/**
 * One JSON line per answered request (info; warn for 4xx, error for 5xx) with its id (the one the error
 * envelope and the X-Request-Id header carry), who asked, route, status and time; and the same record
 * to each sink (the metrics). Never headers or bodies, so no token or password can reach the log.
 */
export function observeRequests(fastify: FastifyInstance, logger: Logger, sinks: RequestSink[] = []): void {
  const writeLine = requestLineWriter(logger.child({ context: 'http' }));
  fastify.addHook('onResponse', (req, reply, done) => {
    const r = requestRecord(req, reply);
    writeLine(r);
    for (const sink of sinks) sink(r);
    done();
  });
}

/**
 * Writes the line `log[level](r, 'request')` would write, byte for byte, to the logger's own stream, with
 * one JSON.stringify of the record. pino's own walk over the fields, escaping each string itself, was among
 * the larger costs of the wallet read in bench:reads' profile; one stringify costs much less. The record holds only the chosen
 * scalar fields above, so pino's redaction has nothing to do on it (logger.spec.ts compares the bytes).
 */
export function requestLineWriter(log: Logger): (r: RequestRecord) => void {
  const own = log as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as DestinationStream | undefined;
  // The bindings (service, pid, context) as pino wrote them once: `,"service":"api","pid":1,...`.
  const bindings = own[pino.symbols.chindingsSym];
  if (!stream || typeof bindings !== 'string') throw new Error("request log: pino's stream or bindings are not where they were");
  const head = (level: Level) => `{"level":"${level}","time":`;
  const heads = { info: head('info'), warn: head('warn'), error: head('error') };
  return (r) => {
    const level = r.status >= 500 ? 'error' : r.status >= 400 ? 'warn' : 'info';
    if (!log.isLevelEnabled(level)) return;
    stream.write(`${heads[level]}${Date.now()}${bindings},${JSON.stringify(r).slice(1, -1)},"msg":"request"}\n`);
  };
}
