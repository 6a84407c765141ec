import type { RefreshResponse } from '@candor/contracts';
import { API, DEFAULT_LOCALE, type ErrorEnvelope } from './wire';

/** The one HTTP client of the web app. Paths are relative to `/api` (e.g. `api.get('/me')`). */

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;

/** Client-side codes for failures that never reached the server's error envelope. */
export const CLIENT_ERROR = { network: 'NETWORK_ERROR', timeout: 'TIMEOUT', badResponse: 'BAD_RESPONSE' } as const;

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly requestId?: string;
  /** When a refusal ends (TRADE_PASSWORD_LOCKED: `unlockAt`, WITHDRAWAL_HOLD_ACTIVE: `holdUntil`), ISO 8601. */
  readonly until?: string;
  /** CATALOGUE_CHANGE_PENDING: when the product's next catalogue change takes effect, ISO 8601. */
  readonly effectiveAt?: string;
  /** LIMIT_REACHED: the responsible-trading limit that refused the request (its reset time is `until`). */
  limit?: string;
  /** RATE_LIMITED: seconds until the request may be sent again (Retry-After, else RateLimit-Reset). */
  retryAfterSeconds?: number;

  constructor(code: string, message: string, status: number, field?: string, requestId?: string, until?: string, effectiveAt?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    if (field !== undefined) this.field = field;
    if (requestId !== undefined) this.requestId = requestId;
    if (until !== undefined) this.until = until;
    if (effectiveAt !== undefined) this.effectiveAt = effectiveAt;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

// ---------------------------------------------------------------------------
// The in-memory access token (never persisted: the refresh token is an httpOnly cookie).

let accessToken: string | null = null;
const tokenListeners = new Set<(token: string | null) => void>();

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  if (token === accessToken) return;
  accessToken = token;
  for (const cb of [...tokenListeners]) cb(token);
}

export function onAccessTokenChange(cb: (token: string | null) => void): () => void {
  tokenListeners.add(cb);
  return () => {
    tokenListeners.delete(cb);
  };
}

// ---------------------------------------------------------------------------
// The language of server messages follows the UI language (set by lib/i18n.ts).

let languageProvider: () => string = () => DEFAULT_LOCALE;
export function setApiLanguageProvider(fn: () => string): void {
  languageProvider = fn;
}

// ---------------------------------------------------------------------------

export interface RequestOptions {
  /** Sent as `Idempotency-Key` (money-moving POSTs). */
  idempotencyKey?: string;
  /** Extra abort signal (e.g. react-query's), combined with the 60 s timeout. */
  signal?: AbortSignal;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Do not try a token refresh on 401 (the auth endpoints themselves). */
  skipRefresh?: boolean;
  /** Override the timeout (tests). */
  timeoutMs?: number;
}

/** Endpoints whose 401 means "wrong credentials", not "access token expired". */
const NO_REFRESH_PATHS = new Set<string>([API.login, API.refresh, API.logout, API.register, API.registerCheck, API.captcha]);

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  let url = `${API_BASE}${p}`;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
  }
  return url;
}

async function readError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const env = (body as Partial<ErrorEnvelope> | null)?.error;
  if (env && typeof env.code === 'string') {
    // LIMIT_REACHED's `resetsAt` and SELF_EXCLUDED's `until` are when the refusal ends, too.
    const until = env.unlockAt ?? env.holdUntil ?? env.resetsAt ?? env.until;
    const effectiveAt = typeof env.effectiveAt === 'string' ? env.effectiveAt : undefined;
    const err = new ApiError(env.code, typeof env.message === 'string' ? env.message : env.code, res.status, env.field, env.requestId, until, effectiveAt);
    const wait = Number(res.headers.get('retry-after') ?? res.headers.get('ratelimit-reset') ?? NaN);
    if (typeof env.limit === 'string') err.limit = env.limit;
    if (res.status === 429 && Number.isFinite(wait) && wait > 0) err.retryAfterSeconds = wait;
    return err;
  }
  return new ApiError(res.status === 401 ? 'UNAUTHENTICATED' : CLIENT_ERROR.badResponse, `HTTP ${res.status}`, res.status);
}

async function send(method: string, path: string, body: unknown, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': languageProvider() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

  try {
    return await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiError(CLIENT_ERROR.timeout, 'Request timed out', 0);
    if (opts.signal?.aborted) throw e; // cancelled by the caller: let it propagate as an AbortError
    throw new ApiError(CLIENT_ERROR.network, e instanceof Error ? e.message : 'Network error', 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

// ---------------------------------------------------------------------------
// Refresh: one request in flight at a time, shared by every caller (rotation + reuse
// detection on the server would revoke the session if two refreshes raced).

let refreshInFlight: Promise<string | null> | null = null;

/** Ask the server for a new access token with the refresh cookie. Resolves to the token, or null (session over). */
export function refreshAccessToken(): Promise<string | null> {
  if (!refreshInFlight) {
    refreshInFlight = (async () => {
      try {
        const res = await send('POST', API.refresh, undefined, { skipRefresh: true });
        if (!res.ok) {
          setAccessToken(null);
          return null;
        }
        const data = (await res.json()) as RefreshResponse;
        setAccessToken(data.accessToken);
        return data.accessToken;
      } catch {
        // Network trouble: keep whatever token we had; the caller sees the failure.
        return null;
      } finally {
        refreshInFlight = null;
      }
    })();
  }
  return refreshInFlight;
}

/** 401 codes that speak of a second-factor code in the request, not of an expired access token. */
const CODE_REFUSALS = new Set(['TOTP_REQUIRED', 'TOTP_INVALID']);

/** Whether a 401 is about the code sent (read from a copy, so the caller still reads the body). */
async function refusesCode(res: Response): Promise<boolean> {
  try {
    const code = ((await res.clone().json()) as Partial<ErrorEnvelope> | null)?.error?.code;
    return typeof code === 'string' && CODE_REFUSALS.has(code);
  } catch {
    return false;
  }
}

/**
 * Send, and on a 401 refresh the access token once and send again. A 401 about a second-factor code is the
 * answer itself: sending the same code again would only count as another wrong (or replayed) one.
 */
async function sendAuthed(method: string, path: string, body: unknown, opts: RequestOptions): Promise<Response> {
  let res = await send(method, path, body, opts);
  if (res.status === 401 && !opts.skipRefresh && !NO_REFRESH_PATHS.has(path.split('?')[0] ?? path) && !(await refusesCode(res))) {
    const token = await refreshAccessToken();
    if (token) res = await send(method, path, body, opts);
    else setAccessToken(null);
  }
  return res;
}

/** A file download (CSV export): the body as a Blob and the name the server gave it in Content-Disposition. */
async function download(path: string, opts: RequestOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
  const res = await sendAuthed('GET', path, undefined, opts);
  if (!res.ok) throw await readError(res);
  const match = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return { blob: await res.blob(), filename: match?.[1] ?? null };
}

async function request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const res = await sendAuthed(method, path, body, opts);
  if (!res.ok) throw await readError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(CLIENT_ERROR.badResponse, 'Malformed response', res.status);
  }
}

// ---------------------------------------------------------------------------
// Answers asked for while the app starts, before the screen that shows them has loaded (prefetchGet): the
// screen's first GET of the same path, in the same language and within EARLY_MAX_AGE_MS, takes the answer
// instead of asking again. A first visit then waits for its data and its page's chunk side by side.

const EARLY_MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Asks for `path` now, for the first `api.get(path)` to take (once). */
export function prefetchGet(path: string): void {
  const key = `${languageProvider()} ${path}`;
  if (early.has(key)) return;
  const answer = request('GET', path, undefined);
  answer.catch(() => undefined); // the taker sees the failure; nobody may take it
  early.set(key, { at: Date.now(), answer });
}

function get<T>(path: string, opts?: RequestOptions): Promise<T> {
  const key = `${languageProvider()} ${path}`;
  const hit = early.get(key);
  if (hit) {
    early.delete(key);
    if (Date.now() - hit.at <= EARLY_MAX_AGE_MS) return hit.answer as Promise<T>;
  }
  return request<T>('GET', path, undefined, opts);
}

export const api = {
  get,
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
  /** A DELETE, with a JSON body when one is given (turning two-factor sign-in off carries its code). */
  del: <T = void>(path: string, opts?: RequestOptions & { body?: unknown }) => request<T>('DELETE', path, opts?.body, opts),
  download,
};
