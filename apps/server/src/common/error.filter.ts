import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { HttpRequest, HttpReply } from './http.js';
import { translate } from '@candor/i18n';
import { blockedCountryMessage } from '@candor/domain';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@candor/contracts';
import { DomainError, type ErrorDetails } from './domain-error.js';
import { noteErrorCode, requestId, requestLocale } from './request-context.js';

/** The error envelope for `code` in the request's language (the field's label, when known, fills `{{field}}`). */
export function errorEnvelope(
  req: HttpRequest,
  code: ErrorCode,
  field?: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetails = {},
): ErrorEnvelope {
  noteErrorCode(req, code);
  const locale = requestLocale(req);
  const fieldLabel = field ? translate(locale, `errors:fields.${field}`) : '';
  const message = translate(locale, `errors:${code}`, { field: fieldLabel.startsWith('errors:') ? (field ?? '') : fieldLabel, ...vars });
  return { error: { code, message, ...(field ? { field } : {}), requestId: requestId(req), ...details } };
}

const STATUS_CODE: Record<number, ErrorCode> = { 400: 'VALIDATION_FAILED', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED' };

/** Turns any thrown error into `{ error: { code, message, field?, requestId } }`. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly log = new Logger('http');

  catch(err: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw err;
    const req = host.switchToHttp().getRequest<HttpRequest>();
    const res = host.switchToHttp().getResponse<HttpReply>();
    const { code, field, vars, status } = this.classify(err, req);
    const body = errorEnvelope(req, code, field, vars, err instanceof DomainError ? err.details : {});
    const own = err instanceof DomainError && err.operatorMessage ? blockedCountryMessage({ message: err.operatorMessage }, requestLocale(req)) : '';
    if (own) body.error.message = own;
    // The route template, not the URL: a query string may hold anything.
    if (status >= 500)
      this.log.error(
        { msg: 'unhandled error', reqId: requestId(req), method: req.method, route: req.routeOptions?.url ?? null },
        (err as Error)?.stack ?? String(err),
      );
    if (res.sent) return;
    if (err instanceof DomainError && err.retryAfterSeconds !== undefined) void res.header('Retry-After', String(err.retryAfterSeconds));
    void res.status(status).send(body);
  }

  private classify(err: unknown, req: HttpRequest): { code: ErrorCode; field?: string; vars: Record<string, string | number>; status: number } {
    if (err instanceof DomainError) return { code: err.code, field: err.field, vars: err.vars, status: err.status };
    if (err instanceof HttpException) {
      const status = err.getStatus();
      if (status === 413) return { code: 'VALIDATION_FAILED', field: 'body', vars: {}, status: 400 };
      const code = STATUS_CODE[status] ?? (status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL');
      return { code, field: code === 'VALIDATION_FAILED' ? 'body' : undefined, vars: {}, status: status >= 500 ? 500 : ERROR_STATUS[code] };
    }
    // Fastify's body errors (malformed JSON, too large, unsupported content type) carry a 4xx statusCode.
    const e = err as { status?: number; statusCode?: number };
    const st = e?.status ?? e?.statusCode;
    if (typeof st === 'number' && st >= 400 && st < 500) return { code: 'VALIDATION_FAILED', field: 'body', vars: {}, status: 400 };
    void req;
    return { code: 'INTERNAL', vars: {}, status: 500 };
  }
}
