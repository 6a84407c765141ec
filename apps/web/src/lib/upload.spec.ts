import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import i18next from 'i18next';
import * as contracts from '@candor/contracts';
import { ApiError, CLIENT_ERROR, getAccessToken, setAccessToken } from './api';
import { checkImageFile, imageProblemKey, uploadForm, UploadError, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from './upload';
import { uploadPercent } from './useUpload';

/** A stand-in for XMLHttpRequest: records what was sent and answers with the next scripted reply. */
class FakeXhr {
  static replies: { status: number; body: string; progress?: [number, number][] }[] = [];
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const reply = FakeXhr.replies.shift();
    queueMicrotask(() => {
      if (!reply) {
        this.onerror?.();
        return;
      }
      for (const [loaded, total] of reply.progress ?? []) this.upload.onprogress?.({ loaded, total, lengthComputable: true });
      this.status = reply.status;
      this.responseText = reply.body;
      this.onload?.();
    });
  }
}
const createXhr = () => new FakeXhr() as unknown as XMLHttpRequest;

const realFetch = globalThis.fetch;
beforeEach(async () => {
  FakeXhr.replies = [];
  FakeXhr.sent = [];
  setAccessToken(null);
  await i18next.init({ lng: 'ja', resources: {} });
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('uploadForm', () => {
  it('posts the form under /api with the token, the UI language and credentials, reporting progress', async () => {
    setAccessToken('tok-1');
    FakeXhr.replies.push({
      status: 201,
      body: '{"status":"pending"}',
      progress: [
        [10, 100],
        [100, 100],
      ],
    });
    const form = new FormData();
    form.set('name', 'x');
    const seen: [number, number][] = [];
    const answer = await uploadForm<{ status: string }>('/kyc', form, { createXhr, onProgress: (s, t) => seen.push([s, t]) });
    expect(answer).toEqual({ status: 'pending' });
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/kyc', withCredentials: true, body: form });
    expect(xhr!.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'ja', Authorization: 'Bearer tok-1' });
    expect(seen).toEqual([
      [10, 100],
      [100, 100],
    ]);
  });

  it('PUTs when asked (the avatar replaces the one there was), the retry after a refresh too', async () => {
    setAccessToken('old');
    globalThis.fetch = jest.fn(async () => new Response('{"accessToken":"new"}', { status: 200 })) as unknown as typeof fetch;
    FakeXhr.replies.push({ status: 401, body: '' }, { status: 200, body: '{"avatarUrl":"/api/avatars/x.jpg"}' });
    await expect(uploadForm('/me/avatar', new FormData(), { createXhr, method: 'PUT' })).resolves.toEqual({ avatarUrl: '/api/avatars/x.jpg' });
    expect(FakeXhr.sent.map((x) => `${x.method} ${x.url}`)).toEqual(['PUT /api/me/avatar', 'PUT /api/me/avatar']);
  });

  it('refreshes the token once on a 401 and sends the form again with the new one', async () => {
    setAccessToken('old');
    globalThis.fetch = jest.fn(async () => new Response('{"accessToken":"new"}', { status: 200 })) as unknown as typeof fetch;
    FakeXhr.replies.push({ status: 401, body: '{"error":{"code":"UNAUTHENTICATED","message":"no"}}' }, { status: 201, body: '{"ok":true}' });
    await expect(uploadForm('/kyc', new FormData(), { createXhr })).resolves.toEqual({ ok: true });
    expect(FakeXhr.sent.map((x) => x.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('ends the session when the refresh is refused', async () => {
    setAccessToken('old');
    globalThis.fetch = jest.fn(async () => new Response('{}', { status: 401 })) as unknown as typeof fetch;
    FakeXhr.replies.push({ status: 401, body: '' });
    await expect(uploadForm('/kyc', new FormData(), { createXhr })).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('rejects with the envelope: code, message, field and reason', async () => {
    FakeXhr.replies.push({ status: 400, body: '{"error":{"code":"KYC_IMAGE_INVALID","message":"bad","field":"back","reason":"corrupt"}}' });
    const err = await uploadForm('/kyc', new FormData(), { createXhr }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'KYC_IMAGE_INVALID', message: 'bad', status: 400, field: 'back', reason: 'corrupt' });
  });

  it('names a failure without an envelope, and a lost connection', async () => {
    FakeXhr.replies.push({ status: 502, body: '<html>' });
    await expect(uploadForm('/kyc', new FormData(), { createXhr })).rejects.toMatchObject({ code: CLIENT_ERROR.badResponse, status: 502 });
    await expect(uploadForm('/kyc', new FormData(), { createXhr })).rejects.toMatchObject({ code: CLIENT_ERROR.network });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadForm('/kyc', new FormData(), { createXhr, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('checkImageFile', () => {
  it('uses the limits of @candor/contracts', () => {
    expect(UPLOAD_MAX_BYTES).toBe(contracts.UPLOAD_MAX_BYTES);
    expect(UPLOAD_IMAGE_TYPES).toEqual(contracts.UPLOAD_IMAGE_TYPES);
  });

  it.each<[string, number, string | null]>([
    ['image/jpeg', 1000, null],
    ['image/png', UPLOAD_MAX_BYTES, null],
    ['image/webp', 1, null],
    ['image/jpeg', UPLOAD_MAX_BYTES + 1, 'too_large'],
    ['image/heic', 1000, 'unsupported_type'],
    ['image/svg+xml', 1000, 'unsupported_type'],
    ['', 1000, 'unsupported_type'],
  ])('%s of %i bytes -> %s', (type, size, expected) => {
    expect(checkImageFile({ type, size })).toBe(expected);
  });
});

describe('imageProblemKey', () => {
  it('words known reasons, a missing ID photo by its side, and leaves unknown ones to the server', () => {
    expect(imageProblemKey('too_large', 'slip')).toBe('verify:image.too_large');
    expect(imageProblemKey(undefined, 'front', 'UPLOAD_TOO_LARGE')).toBe('verify:image.too_large');
    expect(imageProblemKey('missing', 'front')).toBe('verify:image.missing_front');
    expect(imageProblemKey('missing', 'slip')).toBe('verify:image.missing');
    expect(imageProblemKey('something_new', 'front')).toBeNull();
    expect(imageProblemKey(undefined, 'front', 'KYC_IMAGE_INVALID')).toBeNull();
  });
});

describe('uploadPercent', () => {
  it('is the share sent, whole percent, within 0 to 100', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(99, 200)).toBe(49);
    expect(uploadPercent(200, 200)).toBe(100);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(uploadPercent(5, 0)).toBe(0);
  });
});
