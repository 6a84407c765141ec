import { beforeAll, describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { FALLBACK_LOCALE, i18nextResources, NAMESPACES } from '@candor/i18n';
import { ApiError } from '../../lib/api';
import { authErrorText, isRateLimited, retryAfterSeconds, retryWhen } from './rateLimit';

beforeAll(async () => {
  await i18next.init({
    resources: i18nextResources(),
    lng: 'en',
    fallbackLng: FALLBACK_LOCALE,
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
});

/** A 429 as the api client makes it, with the seconds of its Retry-After header when it had one. */
function limited(seconds?: number): ApiError {
  const err = new ApiError('RATE_LIMITED', 'Too many attempts; please wait and try again', 429);
  return seconds === undefined ? err : Object.assign(err, { retryAfterSeconds: seconds });
}

describe('retryAfterSeconds', () => {
  it('reads the seconds the answer gave, rounded up, and nothing else', () => {
    expect(retryAfterSeconds(limited(42))).toBe(42);
    expect(retryAfterSeconds(limited(1.2))).toBe(2);
    expect(retryAfterSeconds(limited())).toBeUndefined();
    expect(retryAfterSeconds(limited(0))).toBeUndefined();
    expect(retryAfterSeconds(new Error('x'))).toBeUndefined();
  });
});

describe('retryWhen', () => {
  it('uses seconds, then minutes, then hours, with each language’s plurals', () => {
    expect(retryWhen(1, 'en')).toBe('in 1 second');
    expect(retryWhen(42, 'en')).toBe('in 42 seconds');
    expect(retryWhen(150, 'en')).toBe('in 3 minutes');
    expect(retryWhen(2 * 3600, 'en')).toBe('in 2 hours');
    expect(retryWhen(42, 'zh-TW')).toBe('42 秒後');
  });
});

describe('authErrorText', () => {
  it('says when to try again when the server said, in the reader’s language', async () => {
    await i18next.changeLanguage('en');
    expect(authErrorText(limited(42), i18next.t)).toBe('Too many attempts. Please try again in 42 seconds.');
    await i18next.changeLanguage('zh-TW');
    expect(authErrorText(limited(42), i18next.t)).toBe('嘗試次數過多，請於 42 秒後再試。');
  });

  it('keeps the server’s own message when no time is known, and for other errors', async () => {
    await i18next.changeLanguage('en');
    expect(authErrorText(limited(), i18next.t)).toBe('Too many attempts; please wait and try again');
    expect(authErrorText(new ApiError('ALTCHA_INVALID', 'from the server', 400), i18next.t)).toBe('from the server');
    expect(isRateLimited(limited())).toBe(true);
    expect(isRateLimited(new ApiError('ALTCHA_INVALID', 'x', 400))).toBe(false);
  });
});
