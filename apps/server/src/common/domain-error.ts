import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@candor/contracts';

export type ErrorDetails = Pick<
  ErrorEnvelope['error'],
  | 'unlockAt'
  | 'holdUntil'
  | 'enrollmentToken'
  | 'reason'
  | 'effectiveAt'
  | 'earliestAt'
  | 'limit'
  | 'resetsAt'
  | 'until'
  | 'daysCovered'
  | 'maxRate'
  | 'country'
>;

/** A typed error carrying a stable error code (ERROR_STATUS, libs/contracts); the exception filter turns it into the envelope. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    readonly vars: Record<string, string | number> = {},
    /** Fields the envelope carries beside the message, such as when a lock or hold ends. */
    readonly details: ErrorDetails = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }

  /**
   * A message of the operators' own per locale (COUNTRY_NOT_SERVED), shown instead of the translated one: the
   * request's language, else zh-TW; the translated sentence when neither is set.
   */
  operatorMessage?: Partial<Record<string, string>>;

  /** Seconds until a refused client may try again: sent as the `Retry-After` header of a 429. */
  retryAfterSeconds?: number;

  /** RATE_LIMITED, with when the window ends. */
  static rateLimited(retryAfterMs: number): DomainError {
    const e = new DomainError('RATE_LIMITED');
    e.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return e;
  }
}
