import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type ContentLink } from '@candor/contracts';
import { useAdminNews } from './contentApi';

/** The web app's screens a banner or highlight may open (its hash routes, as the web spells them). */
export const WEB_ROUTES = {
  products: '/pages/product/product',
  news: '/pages/information/information',
  deposit: '/pages/deposit/deposit',
  withdraw: '/pages/withdraw-money/withdraw-money',
  earn: '/pages/money/money',
  prices: '/pages/prices/prices',
  verify: '/pages/verify/verify',
  messages: '/pages/message/message',
  about: '/pages/aboutUs/aboutUs',
  privacy: '/pages/yinsi/yinsi',
  location: '/choose-location',
} as const;
type RouteKey = keyof typeof WEB_ROUTES;

/** Where a banner or highlight leads: one of the articles, or one of the app's screens. */
export function LinkPicker({ value, onChange }: { value: ContentLink | null; onChange(link: ContentLink | null): void }) {
  const { t } = useTranslation('consoleContent');
  const news = useAdminNews();
  // Kept here: choosing "an article" leaves no link until one is picked.
  const [kind, setKind] = useState<ContentLink['kind']>(value?.kind ?? 'route');
  const knownRoute = value?.kind === 'route' && Object.values(WEB_ROUTES).includes(value.path as (typeof WEB_ROUTES)[RouteKey]);
  return (
    <fieldset className="link-picker" data-testid="link-picker">
      <legend>{t('link.legend')}</legend>
      <div className="radio-row">
        {(['detail', 'route'] as const).map((k) => (
          <label key={k} className="radio">
            <input
              type="radio"
              name="linkKind"
              value={k}
              checked={kind === k}
              onChange={() => {
                setKind(k);
                onChange(k === 'route' ? { kind: 'route', path: WEB_ROUTES.news } : null);
              }}
              data-testid={`link-kind-${k}`}
            />
            <span>{t(`link.kinds.${k}`)}</span>
          </label>
        ))}
      </div>
      {kind === 'detail' ? (
        <label className="field">
          <span>{t('link.article')}</span>
          <select
            value={value?.kind === 'detail' ? value.id : ''}
            onChange={(e) => onChange(e.target.value ? { kind: 'detail', id: e.target.value } : null)}
            disabled={!news.data}
            data-testid="link-article"
          >
            <option value="">{t('link.chooseArticle')}</option>
            {(news.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.translations[DEFAULT_LOCALE]?.title ?? a.id} ({t(`news.status.${a.status}`)})
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label className="field">
          <span>{t('link.route')}</span>
          <select
            value={value?.kind === 'route' ? value.path : ''}
            onChange={(e) => onChange({ kind: 'route', path: e.target.value })}
            data-testid="link-route"
          >
            {!knownRoute && value?.kind === 'route' ? <option value={value.path}>{value.path}</option> : null}
            {(Object.keys(WEB_ROUTES) as RouteKey[]).map((k) => (
              <option key={k} value={WEB_ROUTES[k]}>
                {t(`link.routes.${k}`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
