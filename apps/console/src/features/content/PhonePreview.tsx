import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@candor/contracts';
import { cleanContentHtml, htmlText } from './contentHtml';

/**
 * The text as a phone shows it: a 375 px frame rendering the HTML through the same allow-list as the apps
 * (nothing else reaches dangerouslySetInnerHTML), with the title and an optional cover above it.
 */
export function PhonePreview({
  locale,
  title,
  summary,
  html,
  imageUrl,
}: {
  locale: Locale;
  title: string;
  summary?: string;
  html: string;
  imageUrl?: string | null;
}) {
  const { t } = useTranslation('consoleContent');
  const clean = useMemo(() => cleanContentHtml(html), [html]);
  const empty = !title.trim() && !htmlText(clean) && !imageUrl;
  return (
    <section className="phone-preview" aria-label={t('preview.title')}>
      <h3>{t('preview.title')}</h3>
      <p className="muted small">{t('preview.hint')}</p>
      <div className="phone-frame" role="document" aria-label={t('preview.frame')} lang={locale} data-testid="phone-preview">
        {empty ? (
          <p className="muted">{t('preview.empty')}</p>
        ) : (
          <>
            {imageUrl ? <img className="phone-cover" src={imageUrl} alt="" /> : null}
            {title.trim() ? <h1 className="phone-title">{title}</h1> : null}
            {summary?.trim() ? <p className="phone-summary">{summary}</p> : null}
            <div className="content-html" dangerouslySetInnerHTML={{ __html: clean }} />
          </>
        )}
      </div>
    </section>
  );
}
