import { ERROR_STATUS, type ErrorCode } from '@candor/contracts';

/** A typed error carrying a stable error code (ERROR_STATUS, libs/contracts); the exception filter turns it into the envelope. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
