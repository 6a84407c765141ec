import { beforeAll, describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { FALLBACK_LOCALE, i18nextResources, NAMESPACES, translate } from '@candor/i18n';
import { ApiError, CLIENT_ERROR } from './api';
import { errorText } from './errors';
import { formatAnnouncedTime } from './format';

// The app's own i18next instance (lib/i18n.ts initialises the same default one), here with every locale loaded.
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

describe('errorText', () => {
  const at = '2026-12-02T08:00:00.000Z';
  const pending = () => new ApiError('CATALOGUE_CHANGE_PENDING', 'A catalogue change takes effect before this expiry', 422, undefined, 'r1', undefined, at);

  it('says when a pending catalogue change takes effect, in the reader’s language and time zone, not the server’s words', async () => {
    for (const lng of ['en', 'zh-TW', 'de'] as const) {
      await i18next.changeLanguage(lng);
      const text = errorText(pending(), i18next.t);
      expect(text).toBe(translate(lng, 'common:error.catalogueChangePending', { time: formatAnnouncedTime(at, lng) }));
      expect(text).toContain(formatAnnouncedTime(at, lng));
    }
  });

  it('keeps the server’s message when the envelope names no time, and for other codes', async () => {
    await i18next.changeLanguage('en');
    expect(errorText(new ApiError('CATALOGUE_CHANGE_PENDING', 'from the server', 422), i18next.t)).toBe('from the server');
    expect(errorText(new ApiError('MARKET_CLOSED', 'closed', 422, undefined, undefined, undefined, at), i18next.t)).toBe('closed');
    expect(errorText(new ApiError(CLIENT_ERROR.network, 'x', 0), i18next.t)).toBe(translate('en', 'common:error.network'));
  });
});
