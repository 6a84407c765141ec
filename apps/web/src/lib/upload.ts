import i18next from 'i18next';
import { API_BASE, ApiError, CLIENT_ERROR, getAccessToken, refreshAccessToken, setAccessToken } from './api';
import { DEFAULT_LOCALE, isLocale, type ErrorEnvelope } from './wire';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@candor/contracts/uploads';

/**
 * Multipart uploads (ID photos, payment slips, the avatar) with upload progress. fetch cannot report how much of a body
 * has been sent, so this is the one place the app uses XMLHttpRequest; everything else about the request is
 * what `api` does: the bearer token, the UI language, the refresh cookie, and one token refresh on a 401.
 */

/** The server's limits (it checks by content): from the contracts' zod-free subpath, so the first bundle stays small. */
export { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES };
/** The `accept` attribute of an image input. */
export const IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(',');
/** A slow mobile link may take minutes for 16 MB; past this the upload is given up. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** Why an image is refused, on the device (`too_large`, `unsupported_type`) or by the server (all of them). */
export type ImageProblem = 'too_large' | 'unsupported_type' | 'not_an_image' | 'corrupt' | 'missing';

/** The device's check before sending: the type the browser reports and the size. The server checks the content again. */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'unsupported_type';
  if (file.size > UPLOAD_MAX_BYTES) return 'too_large';
  return null;
}

/** A refused upload: the envelope's code, message and field, and `reason` (e.g. `too_large`, or an identity problem code). */
export class UploadError extends ApiError {
  readonly reason?: string;
  constructor(code: string, message: string, status: number, field?: string, reason?: string) {
    super(code, message, status, field);
    this.name = 'UploadError';
    if (reason !== undefined) this.reason = reason;
  }
}

export interface UploadOptions {
  /** POST (the default) or PUT (a resource replaced whole, such as the avatar). */
  method?: 'POST' | 'PUT';
  /** Called as the body goes out: bytes sent and the body's total (0 when unknown). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Tests give a fake; the app uses the browser's. */
  createXhr?: () => XMLHttpRequest;
}

/** The UI language, as the api client sends it (lib/i18n sets both from the same i18next state). */
function uiLanguage(): string {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}

interface Answer {
  status: number;
  text: string;
}

function sendOnce(path: string, form: FormData, opts: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = opts.createXhr ? opts.createXhr() : new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', uiLanguage());
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    const onAbort = () => xhr.abort();
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: typeof xhr.responseText === 'string' ? xhr.responseText : '' });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(CLIENT_ERROR.network, 'Network error', 0));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(CLIENT_ERROR.timeout, 'Request timed out', 0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (opts.signal?.aborted) {
      xhr.abort();
      return;
    }
    opts.signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

function toError(answer: Answer): UploadError {
  let body: unknown = null;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = null;
  }
  const env = (body as Partial<ErrorEnvelope> | null)?.error as (Partial<ErrorEnvelope['error']> & { reason?: unknown }) | undefined;
  if (env && typeof env.code === 'string') {
    const reason = typeof env.reason === 'string' ? env.reason : undefined;
    return new UploadError(env.code, typeof env.message === 'string' ? env.message : env.code, answer.status, env.field, reason);
  }
  return new UploadError(answer.status === 401 ? 'UNAUTHENTICATED' : CLIENT_ERROR.badResponse, `HTTP ${answer.status}`, answer.status);
}

/** POSTs (or PUTs) `form` to `path` (under /api) as multipart; resolves to the parsed JSON answer, rejects with an UploadError. */
export async function uploadForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  let answer = await sendOnce(path, form, opts);
  if (answer.status === 401) {
    const token = await refreshAccessToken();
    if (token) answer = await sendOnce(path, form, opts);
    else setAccessToken(null);
  }
  if (answer.status < 200 || answer.status >= 300) throw toError(answer);
  if (!answer.text) return undefined as T;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new ApiError(CLIENT_ERROR.badResponse, 'Malformed response', answer.status);
  }
}

const IMAGE_PROBLEMS: readonly string[] = ['too_large', 'unsupported_type', 'not_an_image', 'corrupt', 'missing'];

/**
 * The message key (`verify` namespace) of an image refused on the device or by the server (`reason` of
 * KYC_IMAGE_INVALID, IMAGE_INVALID, UPLOAD_TOO_LARGE); a missing ID photo names its side. Null for a reason
 * this app does not know (the server's own message is shown then).
 */
export function imageProblemKey(reason: string | undefined, field: string, code?: string): string | null {
  const r = reason ?? (code === 'UPLOAD_TOO_LARGE' ? 'too_large' : undefined);
  if (!r || !IMAGE_PROBLEMS.includes(r)) return null;
  if (r === 'missing') return field === 'front' || field === 'back' ? `verify:image.missing_${field}` : 'verify:image.missing';
  return `verify:image.${r}`;
}
