import { ADMIN_AUTH, API, type RefreshResponse } from '@candor/contracts';
import { i18n } from '../i18n';

/** An error answered by the API (`{ error: { code, message, field? } }`) or a network failure (`code: 'NETWORK'`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** TOTP_REQUIRED of an admin without TOTP yet: the token that starts the enrolment. */
    readonly enrollmentToken?: string,
    /** VALIDATION_FAILED on `effectiveAt`: the earliest time a scheduled change may take effect. */
    readonly earliestAt?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The access token lives in memory only; the refresh token is an httpOnly cookie the browser sends to /api/admin/auth.
let accessToken: string | null = null;
let refreshing: Promise<string | null> | null = null;
let onExpired: (() => void) | null = null;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}
/** The current access token (the support inbox's socket sends it at its handshake). */
export function currentAccessToken(): string | null {
  return accessToken;
}

export function hasAccessToken(): boolean {
  return accessToken !== null;
}
/** Called once when a request fails for lack of a session and refreshing cannot restore it. */
export function onSessionExpired(handler: (() => void) | null): void {
  onExpired = handler;
}

export type Query = Record<string, string | number | undefined | null>;
interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Send the access token and refresh once on 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** The Accept header (JSON unless asked otherwise, e.g. an image). */
  accept?: string;
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json', 'Accept-Language': i18n.language || 'zh-TW' };
  // A FormData body (an upload) sets its own multipart Content-Type with the boundary.
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', i18n.t('console:errors.network'));
  }
}

async function toError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const err = (body as { error?: { code?: unknown; message?: unknown; field?: unknown; enrollmentToken?: unknown; earliestAt?: unknown } } | null)?.error;
  if (err && typeof err.code === 'string') {
    const field = typeof err.field === 'string' ? err.field : undefined;
    const enrollmentToken = typeof err.enrollmentToken === 'string' ? err.enrollmentToken : undefined;
    const earliestAt = typeof err.earliestAt === 'string' ? err.earliestAt : undefined;
    return new ApiError(res.status, err.code, typeof err.message === 'string' ? err.message : err.code, field, enrollmentToken, earliestAt);
  }
  return new ApiError(res.status, res.status === 404 ? 'NOT_FOUND' : 'HTTP_' + res.status, i18n.t('console:errors.http', { status: res.status }));
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Trade the refresh cookie for a new access token. Concurrent callers share one request, so a rotated cookie is never sent twice. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const res = await send(ADMIN_AUTH.refresh, { method: 'POST' }, null);
      if (!res.ok) return null;
      const { accessToken: token } = await parse<RefreshResponse>(res);
      accessToken = token ?? null;
      return accessToken;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Sends with the access token, refreshing it once on 401; a response that is still 401 ends the session. */
async function authorized(path: string, opts: RequestOptions): Promise<Response> {
  const auth = opts.auth ?? true;
  let res = await send(path, opts, auth ? accessToken : null);
  if (res.status === 401 && auth) {
    const token = await refreshAccessToken();
    if (token) res = await send(path, opts, token);
    if (res.status === 401) {
      accessToken = null;
      onExpired?.();
    }
  }
  return res;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await authorized(path, opts);
  if (!res.ok) throw await toError(res);
  return parse<T>(res);
}

/**
 * A file the api serves only with the operator's token (an ID photo, a payment slip): an <img src> cannot send the
 * Authorization header, so the bytes are fetched here and shown through an object URL.
 */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const res = await authorized(path, { signal, accept: 'image/*' });
  if (!res.ok) throw await toError(res);
  try {
    return await res.blob();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', i18n.t('console:errors.network'));
  }
}

/** A file export (CSV): the body, the name the api gave it in Content-Disposition, and its response headers. */
export async function requestFile(path: string, query: Query, accept: string): Promise<{ blob: Blob; filename: string | null; headers: Headers }> {
  const res = await authorized(path, { query, accept });
  if (!res.ok) throw await toError(res);
  const match = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  try {
    return { blob: await res.blob(), filename: match?.[1] ?? null, headers: res.headers };
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('console:errors.network'));
  }
}

export { API, ADMIN_AUTH };
