/** Stable error codes of the API (the `code` of every error envelope). The HTTP status of each is fixed here, once. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  USER_EXISTS: 409,
  INVITATION_CODE_INVALID: 400,
  CAPTCHA_INVALID: 400,
  PASSWORD_MISMATCH: 400,
  TRADE_PASSWORD_MISMATCH: 400,
  INVALID_CREDENTIALS: 401,
  /** Sign-in to an account an operator disabled (the reason is given to the user by support, not here). */
  ACCOUNT_DISABLED: 403,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  /** Setting up or turning on two-factor sign-in while it is already on (turn it off first). */
  TOTP_ALREADY_ENABLED: 409,
  /** Turning on two-factor sign-in with no pending secret (never set up, or its 10 minutes passed): set up again. */
  TOTP_SETUP_REQUIRED: 409,
  /** Turning off two-factor sign-in that is not on. */
  TOTP_NOT_ENABLED: 409,
  OPERATOR_EXISTS: 409,
  TRADE_PASSWORD_INVALID: 422,
  TRADE_PASSWORD_LOCKED: 422,
  OLD_PASSWORD_INVALID: 422,
  WITHDRAWAL_ACCOUNT_NOT_BOUND: 404,
  WITHDRAWAL_HOLD_ACTIVE: 422,
  WITHDRAWAL_NOT_CANCELLABLE: 409,
  ALREADY_DECIDED: 409,
  SECOND_APPROVER_REQUIRED: 409,
  INSUFFICIENT_BALANCE: 422,
  AMOUNT_OUT_OF_RANGE: 422,
  MARKET_CLOSED: 422,
  MARKET_DATA_STALE: 422,
  /** New orders on a product without a valid exchange price (with `reason`: quorum or disagreement). */
  MARKET_HALTED: 422,
  /** A real-account order on a product whose price is simulated (the demo account may trade it). */
  PRICE_SIMULATED: 422,
  EXPIRY_NOT_OFFERED: 422,
  /** A price alert whose level is not on its side of the current price (an `above` level must be higher, a `below` one lower; equal fits neither). */
  ALERT_LEVEL_WRONG_SIDE: 422,
  /** The user already keeps the most active price alerts allowed (MAX_ACTIVE_PRICE_ALERTS): remove one first. */
  ALERT_LIMIT_REACHED: 422,
  /** An order whose expiry would reach a scheduled catalogue change of its product (with `effectiveAt`): choose a shorter expiry. */
  CATALOGUE_CHANGE_PENDING: 422,
  /** A product field that already has a change waiting for its time: cancel that one first. */
  CHANGE_ALREADY_SCHEDULED: 409,
  /** A self-set responsible-trading limit refuses the order or deposit (with `limit`, its name, and `resetsAt`, when its period ends). */
  LIMIT_REACHED: 422,
  /** The real account is in a self-set time-out or self-exclusion (with `until`, and `reason`: `time_out` or `self_exclusion`): no trading, deposits or Yu'e Bao transfers in; withdrawals stay open. */
  SELF_EXCLUDED: 403,
  EARN_MIN_AMOUNT: 422,
  EARN_DAILY_LIMIT: 422,
  EARN_NOT_WITHDRAWABLE: 422,
  /** A raised Yu'e Bao rate whose income the platform's equity would cover for fewer than 30 days (with `daysCovered` and `maxRate`). A lower rate is always allowed. */
  EARN_RATE_NOT_COVERED: 422,
  /** Registration from a blocked phone country, or identity verification with a blocked nationality; the message is the operators' own, in the user's language. */
  COUNTRY_NOT_SERVED: 403,
  KYC_ALREADY_SUBMITTED: 409,
  KYC_IMAGE_INVALID: 400,
  /** Withdrawals need a verified identity (trading and deposits do not). */
  KYC_REQUIRED: 403,
  /** The ID number is already in another account's pending or verified submission: a person at support reviews it. */
  KYC_ID_IN_USE: 409,
  /** A reviewer closed verification for this account (a final rejection): no new submission. */
  KYC_CLOSED: 422,
  /** A file larger than the upload limit (8 MB), with `field`. */
  UPLOAD_TOO_LARGE: 413,
  /** A file that is not a JPEG, PNG or WebP image (checked by content), or one that does not decode, with `field`. */
  IMAGE_INVALID: 400,
  /** A deposit already carries its payment slip, or is no longer in review. */
  SLIP_NOT_ACCEPTED: 409,
  /** A password-reset link that was used, expired or never issued. */
  RESET_TOKEN_INVALID: 400,
  /** Withdrawals (and other money leaving) wait until the account's e-mail address is confirmed. */
  EMAIL_NOT_CONFIRMED: 403,
  /** The proof-of-work (ALTCHA) was missing, wrong, expired or already used. */
  ALTCHA_INVALID: 400,
  /** A deposit method that deposits were made with: it can only be disabled, never deleted. */
  DEPOSIT_METHOD_IN_USE: 409,
  INVITATION_CODE_EXISTS: 409,
  /** A push subscription whose endpoint is not on a known push service (PUSH_SERVICE_HOSTS). */
  PUSH_ENDPOINT_NOT_ALLOWED: 422,
  /** Web Push is not set up on this server (no VAPID keys). */
  PUSH_UNAVAILABLE: 503,
  /** An agent's reply to a closed support conversation: reopen it first. */
  SUPPORT_CLOSED: 409,
  /** A receipt reported as checked while its order is still open (only a settled or voided order's receipt can be). */
  ORDER_NOT_FINAL: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  RATE_LIMITED: 429,
  REQUEST_TOO_LARGE: 431,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ErrorEnvelope {
  /** `unlockAt` (TRADE_PASSWORD_LOCKED) and `holdUntil` (WITHDRAWAL_HOLD_ACTIVE): when the refusal ends, ISO 8601 UTC. */
  error: {
    code: ErrorCode;
    message: string;
    field?: string;
    requestId?: string;
    unlockAt?: string;
    holdUntil?: string;
    /** TOTP_REQUIRED for an admin without TOTP yet: the short-lived token that starts the enrolment. */
    enrollmentToken?: string;
    /** CATALOGUE_CHANGE_PENDING: when the product's next scheduled change takes effect. */
    effectiveAt?: string;
    /** LIMIT_REACHED: the responsible-trading limit that refused the request (`lossDay`, `depositWeek`, `stakePerOrder`, ...). */
    limit?: string;
    /** LIMIT_REACHED: when the limit's period ends (absent for `stakePerOrder`, which has no period). */
    resetsAt?: string;
    /** SELF_EXCLUDED: when the time-out or self-exclusion ends. */
    until?: string;
    /** VALIDATION_FAILED on `effectiveAt`: the earliest time a change may take effect. */
    earliestAt?: string;
    /**
     * MARKET_HALTED: why the product has no valid price (`quorum` or `disagreement`). KYC_IMAGE_INVALID,
     * IMAGE_INVALID and UPLOAD_TOO_LARGE: what is wrong with the file (`missing`, `too_large`, `not_an_image`,
     * `unsupported_type`, `corrupt`). VALIDATION_FAILED of a verification: the rule the field broke.
     */
    reason?: string;
    /** EARN_RATE_NOT_COVERED: how many days of income at the refused rate the platform's equity covers (null when no income would be due). */
    daysCovered?: number | null;
    /** EARN_RATE_NOT_COVERED: the highest daily rate the equity covers for 30 days at today's balances. */
    maxRate?: string;
    /** COUNTRY_NOT_SERVED: the blocked country (ISO 3166-1 alpha-2) and what it was found in (`phone` or `nationality`). */
    country?: string;
  };
}
